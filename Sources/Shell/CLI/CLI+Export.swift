import BindingKit
import CommandLineOptions
import Playground

/// `bindlab export`: a session's page, `:diff`'s page, and the check of the
/// pages checked in.
extension CLI {
    /// `export [--backend LIST] [--width N] [-o FILE] html SESSION | diff NAME NAME [ROLE]`,
    /// or `export --check|--update PAGE…|DIR…`.
    static func runExport(_ arguments: ParsedArguments, _ environment: Environment) throws(ShellError) {
        if arguments.has(.check) || arguments.has(.update) {
            try checkPages(arguments, environment)
            return
        }
        let request = try Exports.request(export: arguments)
        try writeExport(try Exports.make(request), to: arguments.value(.output), environment.output)
    }

    /// Writes what an export made to `path` (saying so), or to standard output.
    static func writeExport(_ made: Exports.Made, to path: String?, _ output: any OutputSink) throws(ShellError) {
        guard let path else {
            output.write(made.text, to: .standard)
            return
        }
        do {
            try ExportFile.write(made.text, to: path)
        } catch {
            throw .fileUnwritable(path: path, reason: error.message)
        }
        output.write("wrote \(path): \(made.summary), \(ExportFile.size(of: made.text))\n", to: .standard)
    }

    /// `export --check|--update PAGE…|DIR…`: each page (a folder: its
    /// `*.html` and `*.json`, in sub-folders too) made again by the command
    /// line it names as its generator, and compared byte for byte — a diff
    /// and exit 1 for each that drifted — or, with `--update`, rewritten.
    static func checkPages(_ arguments: ParsedArguments, _ environment: Environment) throws(ShellError) {
        let output = environment.output
        let update = arguments.has(.update)
        guard !(update && arguments.has(.check)) else {
            throw .badCommandLine(problem: .conflict(problem: "--check or --update, not both"))
        }
        for option in [Option.backend, .width, .output] where arguments.value(option) != nil {
            throw .badCommandLine(
                problem: .conflict(problem: "\(option.name): each page names how it was made (its generator)"))
        }
        let style = Style(enabled: colorWanted(arguments, environment))
        var broken = false
        var (current, drifted) = (0, 0)
        for (path, explicit) in pagePaths(arguments.operands, output, &broken) {
            let text: String
            do throws(SessionFiles.Failure) {
                text = String(decoding: try SessionFiles.contents(of: path), as: UTF8.self)
            } catch {
                report(.fileUnreadable(path: path, reason: error.message), of: .export, output)
                broken = true
                continue
            }
            guard let generator = path.hasSuffix(".json") ? jsonGenerator(of: text) : HTML.generator(of: text) else {
                if explicit {
                    output.write(
                        "bindlab: export: \(path): names no generator: not made by bindlab export\n", to: .error)
                    broken = true
                }
                continue
            }
            let made: Exports.Made
            do {
                // A page checked in is the repository's: no kit in progress in its matrix.
                made = try Exports.make(try request(generator: generator), shippedOnly: true)
            } catch {
                output.write("bindlab: export: \(path): \(generator): \(error.message)\n", to: .error)
                broken = true
                continue
            }
            guard made.text != text else {
                current += 1
                continue
            }
            drifted += 1
            if update {
                do {
                    try ExportFile.write(made.text, to: path)
                } catch {
                    report(.fileUnwritable(path: path, reason: error.message), of: .export, output)
                    broken = true
                    continue
                }
                output.write("updated \(path)\n", to: .standard)
                continue
            }
            let diff = UnifiedDiff(
                old: BufferedOutput.lines(of: text), new: BufferedOutput.lines(of: made.text))
            let lines = diff.render(old: "\(path) (checked in)", new: "\(path) (\(generator))", style: style)
            output.write(lines.joined(separator: "\n") + "\n", to: .standard)
        }
        if current + drifted > 0 {
            if update {
                let total = current + drifted
                output.write("\(total) page\(total == 1 ? "" : "s"), \(drifted) updated\n", to: .standard)
            } else {
                output.write("\(current) up to date, \(drifted) drifted\n", to: .standard)
                if drifted > 0 {
                    output.write("re-make them on purpose: swift run bindlab export --update PAGE…\n", to: .standard)
                }
            }
        }
        if broken { throw .failuresReported(in: "the pages checked") }
        if !update, drifted > 0 { throw .checkFailed(count: drifted) }
    }

    /// The export a page's generator names. Only an export is made again
    /// (`export html|diff`, `matrix --html|--json`, without `-o`): a page
    /// names what made it, and nothing else is run for it.
    static func request(generator: String) throws(ShellError) -> Exports.Request {
        let refused = ShellError.actionFailed(
            reason: "not an export's command line (bindlab export html|diff …, bindlab matrix --html|--json)")
        let words: [String]
        do {
            words = try Tokenizer.words(generator)
        } catch {
            throw .actionFailed(reason: "unreadable: \(error.message)")
        }
        guard words.first == "bindlab" else { throw refused }
        let arguments: ParsedArguments
        do {
            arguments = try OptionParser.parse(Array(words.dropFirst()))
        } catch {
            throw .badCommandLine(problem: error)
        }
        guard arguments.value(.output) == nil, !arguments.has(.update), !arguments.has(.check) else { throw refused }
        switch arguments.subcommand {
        case .export:
            return try Exports.request(export: arguments)
        case .matrix where arguments.operands.isEmpty && !arguments.has(.markdown):
            let backends = arguments.value(.backend)
            if arguments.has(.html), !arguments.has(.json) { return .matrixPage(backends: backends) }
            if arguments.has(.json), !arguments.has(.html) { return .matrixJSON(backends: backends) }
            throw refused
        default:
            throw refused
        }
    }

    /// The `"generator"` of a JSON export: the string on its second line, as
    /// `MatrixJSON` writes it; nil without one.
    static func jsonGenerator(of text: String) -> String? {
        let key = "  \"generator\": \""
        guard let line = text.split(separator: "\n", maxSplits: 2).dropFirst().first, line.hasPrefix(key),
            line.hasSuffix("\",")
        else { return nil }
        let body = line.dropFirst(key.count).dropLast(2)
        var result = ""
        var escaped = false
        var scalars = body.unicodeScalars.makeIterator()
        while let scalar = scalars.next() {
            guard escaped else {
                if scalar == "\\" { escaped = true } else { result.unicodeScalars.append(scalar) }
                continue
            }
            escaped = false
            switch scalar {
            case "n": result += "\n"
            case "t": result += "\t"
            case "r": result += "\r"
            case "u":
                var hex = ""
                for _ in 0..<4 { if let next = scalars.next() { hex.unicodeScalars.append(next) } }
                guard let value = UInt32(hex, radix: 16), let decoded = Unicode.Scalar(value) else { return nil }
                result.unicodeScalars.append(decoded)
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// The pages named, a folder's `*.html` and `*.json` (sub-folders too) in
    /// its place; `explicit` for a file named itself, which must name its generator.
    private static func pagePaths(_ files: [String], _ output: any OutputSink, _ broken: inout Bool)
        -> [(path: String, explicit: Bool)]
    {
        var paths: [(path: String, explicit: Bool)] = []
        for file in files {
            guard SessionFiles.isDirectory(file) else {
                paths.append((file, true))
                continue
            }
            do throws(SessionFiles.Failure) {
                let pages =
                    try SessionFiles.tree(in: file, endingIn: ".html") + SessionFiles.tree(in: file, endingIn: ".json")
                paths += pages.sorted().map { ($0, false) }
            } catch {
                report(.fileUnreadable(path: file, reason: error.message), of: .export, output)
                broken = true
            }
        }
        return paths
    }
}
