import BindingKit
import CommandLineOptions
import Experiments
import Playground
import Synchronization

/// The backends' files as `:source` shows them.
enum SourceCode {
    /// A Swift file of a backend.
    struct File {
        /// Relative to the package: `Sources/Backends/Delegate/Orders/OrdersViewModel.swift`.
        let path: String
        /// Relative to the backend's folder, without `.swift`: `Orders/OrdersViewModel`.
        let stem: String
        /// Its lines, or why they could not be read.
        let lines: Result<[String], PackageSources.ReadError>
        /// The types it declares, nested ones too.
        let declarations: [Declaration]
        /// What its top-level extensions extend: `extension View`.
        let extensions: [String]

        /// The file's name without its folder or `.swift`: `OrdersViewModel`.
        var baseName: String { String(stem.split(separator: "/").last ?? Substring(stem)) }

        /// Glue first, then the screens, then the backend's own files.
        var rank: Int {
            switch stem.split(separator: "/").first {
            case _ where !stem.contains("/"): 4
            case "Glue": 0
            case "Orders": 1
            case "Movies": 2
            default: 3
            }
        }
    }

    /// A type declared in a file: `final class OrdersViewModel` at line 10.
    struct Declaration: Equatable, Sendable {
        /// The words before the name that say what it is: `final class`, `protocol`.
        let kind: String
        let name: String
        let line: Int
        /// Written at the start of its line, not inside another declaration.
        let isTopLevel: Bool

        var shown: String { "\(kind) \(name)" }

        static let keywords: Set<Substring> = [
            "class", "struct", "enum", "protocol", "actor", "typealias", "extension",
        ]
        static let modifiers: Set<Substring> = [
            "public", "private", "fileprivate", "internal", "package", "open", "final", "nonisolated", "indirect",
        ]

        var isExtension: Bool { kind == "extension" }

        /// The declaration a line opens, if it opens one (a `class func` does not).
        static func parse(_ line: String, number: Int) -> Declaration? {
            // Split on the byte: a split on characters costs more than the rest.
            var words = line.utf8.split(separator: UInt8(ascii: " ")).map { Substring($0) }[...]
            var kept: [Substring] = []
            while let word = words.first, word.hasPrefix("@") || modifiers.contains(word) || word.hasPrefix("private(")
            {
                if word == "final" { kept.append(word) }
                words = words.dropFirst()
            }
            guard let keyword = words.first, keywords.contains(keyword), let rest = words.dropFirst().first else {
                return nil
            }
            // An extension's name may be qualified: `extension BindingKit.Label`.
            let name = rest.prefix { $0.isLetter || $0.isNumber || $0 == "_" || (keyword == "extension" && $0 == ".") }
            guard let initial = name.first, initial.isLetter || initial == "_",
                !["func", "var", "let", "subscript", "init", "case"].contains(name)
            else { return nil }
            return Declaration(
                kind: (kept + [keyword]).joined(separator: " "), name: String(name), line: number,
                isTopLevel: line.first.map { $0 != " " && $0 != "\t" } ?? false)
        }
    }

    /// The package at `root`, or the one line that says what is missing and what to do.
    static func sources(at root: String?) throws(ShellError) -> PackageSources {
        guard let root else {
            throw .actionFailed(
                reason: "the sources are not here: the package bindlab was built from (Package.swift, "
                    + "Sources/Backends) is gone from where it was built; build bindlab again from its sources")
        }
        return PackageSources(root: root)
    }

    /// The Swift files of `backend`'s folder, read, in the order `:source` lists them.
    static func files(of backend: any BindingBackend, in sources: PackageSources) -> [File] {
        let folder = PackageSources.folder(of: backend)
        return sources.swiftFiles(under: folder).filter { !PackageSources.isInstrumentation($0) }.map { path in
            let read = Result { () throws(PackageSources.ReadError) in try Self.parsed(sources.text(of: path)) }
            let lines = read.map(\.lines)
            let found = (try? read.get())?.declarations ?? []
            var extended = Set<String>()
            return File(
                path: path, stem: String(path.dropFirst(folder.count + 1).dropLast(".swift".count)), lines: lines,
                declarations: found.filter { !$0.isExtension },
                extensions: found.filter { $0.isExtension && $0.isTopLevel && extended.insert($0.name).inserted }
                    .map(\.shown))
        }
        .sorted { ($0.rank, $0.stem) < ($1.rank, $1.stem) }
    }

    /// The lines of a Swift file's text and the declarations they open.
    ///
    /// What a text gave is kept for the process, by the text itself: a file
    /// is read at every `:source`, and one that is still what it was is not
    /// split and parsed again (`check` runs `14-source` on every backend).
    static func parsed(_ text: String) -> (lines: [String], declarations: [Declaration]) {
        let key = SourceText(text)
        if let known = parsedTexts.withLock({ $0[key] }) { return known }
        let lines = Self.lines(of: text)
        let declarations = lines.enumerated().compactMap { index, line in Declaration.parse(line, number: index + 1) }
        parsedTexts.withLock { kept in
            // Texts edited again and again at the prompt: the oldest go, all at once.
            if kept.count >= 512 { kept.removeAll() }
            kept[key] = (lines, declarations)
        }
        return (lines, declarations)
    }

    /// What `parsed` found, by text.
    private static let parsedTexts = Mutex<[SourceText: (lines: [String], declarations: [Declaration])]>([:])

    /// A file's text as a key, told apart by its UTF-8 bytes: a `String`
    /// key would hash and compare it as Unicode (normalising a text with
    /// one "—" in a comment), which cost more than parsing it again.
    private struct SourceText: Hashable, Sendable {
        private var text: String

        init(_ text: String) {
            self.text = text
            self.text.makeContiguousUTF8()
        }

        static func == (a: SourceText, b: SourceText) -> Bool { a.text.utf8.elementsEqual(b.text.utf8) }

        func hash(into hasher: inout Hasher) {
            var text = text
            text.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
        }
    }

    /// The lines of a text, without the empty one after its last line break
    /// (nor a carriage return before each).
    ///
    /// Split on the bytes, not on characters: `"\r\n"` is one `Character`,
    /// which a split on `"\n"` would not split at, and telling characters
    /// apart costs more than the rest of a file's parse.
    static func lines(of text: String) -> [String] {
        let newline = UInt8(ascii: "\n")
        let carriageReturn = UInt8(ascii: "\r")
        var lines = text.utf8.split(separator: newline, omittingEmptySubsequences: false).map { line in
            String(Substring(line.last == carriageReturn ? line.dropLast() : line))
        }
        if text.utf8.last == newline { lines.removeLast() }
        return lines
    }

    /// The files of `backend`, or the one line saying its folder is missing.
    static func readFiles(of backend: any BindingBackend, in sources: PackageSources) throws(ShellError) -> [File] {
        let folder = PackageSources.folder(of: backend)
        guard sources.hasFolder(folder) else {
            throw .actionFailed(
                reason: "the sources of \(backend.info.id) are not here: no \(folder) in \(sources.root)")
        }
        return files(of: backend, in: sources)
    }

    // MARK: The listing

    /// `:source [NAME]`: per backend, its folder, then a line per file: its
    /// name under the folder, its line count, the types it declares.
    static func listing(
        _ backends: [any BindingBackend], in sources: PackageSources, columns: Int
    ) throws(ShellError) -> [String] {
        var lines: [String] = []
        var listed: [String: String] = [:]  // folder → the backend it was listed under
        for backend in backends {
            let id = backend.info.id
            let folder = PackageSources.folder(of: backend)
            let sharing = BackendRegistry.all.filter { PackageSources.folder(of: $0) == folder }.map(\.info.id)
            if !lines.isEmpty { lines.append("") }
            if let first = listed[folder] {
                lines += "\(id): \(folder)/, the files of \(first) above".wrapped(to: columns, indent: 2)
                continue
            }
            listed[folder] = id
            let files = try readFiles(of: backend, in: sources)
            let total = files.reduce(0) { $0 + ((try? $1.lines.get())?.count ?? 0) }
            lines += "\(id): \(folder)/, \(files.count.counted("file")), \(total.counted("line"))"
                .wrapped(to: columns, indent: 2)
            if sharing.count > 1 {
                let others = sharing.filter { $0 != id }.joined(separator: ", ")
                lines += "  shared with \(others): one module builds every variant".wrapped(to: columns, indent: 4)
            }
            lines += rows(files, columns: columns)
        }
        return lines
    }

    /// A line per file: its name, its line count, its top-level types (on
    /// under themselves when they do not fit). When a type would not fit
    /// beside the name and the count, each file takes two lines instead: its
    /// name, then its count and types.
    static func rows(_ files: [File], columns: Int) -> [String] {
        let cells = files.map { file -> (name: String, count: String, what: [String]) in
            switch file.lines {
            case .success(let lines):
                let types = file.declarations.filter(\.isTopLevel).map(\.shown)
                return (file.stem + ".swift", String(lines.count), types.isEmpty ? file.extensions : types)
            case .failure(let problem):
                return (file.stem + ".swift", "?", ["not read: \(problem.message)"])
            }
        }
        let nameWidth = cells.map(\.name.displayWidth).max() ?? 0
        let countWidth = cells.map(\.count.count).max() ?? 0
        let typeWidth = cells.flatMap(\.what).map { $0.displayWidth + 1 }.max() ?? 0
        if 2 + nameWidth + 2 + countWidth + 2 + typeWidth <= columns {
            return cells.flatMap { cell in
                let count = String(repeating: " ", count: countWidth - cell.count.count) + cell.count
                let prefix = "  \(cell.name.padded(to: nameWidth))  \(count)  "
                return flow(cell.what, after: prefix, indent: prefix.displayWidth, columns: columns)
            }
        }
        return cells.flatMap { cell in
            [cell.name.fitted(to: columns)]
                + flow(cell.what, after: "  \(cell.count) lines: ", indent: 4, columns: columns)
        }
    }

    /// `items` separated by commas after `prefix`, as many a line as fit in
    /// `columns`, each further line indented by `indent`; an item too wide
    /// for a line is cut with `…`.
    static func flow(_ items: [String], after prefix: String, indent: Int, columns: Int) -> [String] {
        var lines: [String] = []
        var line = prefix
        var isFresh = true
        for (index, item) in items.enumerated() {
            let piece = item + (index < items.count - 1 ? "," : "")
            if !isFresh && line.displayWidth + 1 + piece.displayWidth > columns {
                lines.append(line)
                line = String(repeating: " ", count: indent)
                isFresh = true
            }
            line += (isFresh ? "" : " ") + piece
            isFresh = false
        }
        lines.append(line)
        return lines.map { $0.fitted(to: columns).trailingBlanksTrimmed }
    }

    // MARK: One file

    /// `LINE`, `LINE-LINE` or `LINE-` (to the end) as a range of line numbers.
    static func lineRange(_ text: String) throws(ShellError) -> ClosedRange<Int> {
        let parts = text.split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
        let first = try Arguments.integer(parts[0], "the first line", in: 1...Int(Int32.max))
        guard parts.count == 2 else { return first...first }
        let last =
            parts[1].isEmpty ? Int(Int32.max) : try Arguments.integer(parts[1], "the last line", in: 1...Int(Int32.max))
        guard first <= last else {
            throw .backwardsLines(text: text)
        }
        return first...last
    }

    /// `:source NAME WHAT [LINES]`: the file WHAT names, its lines numbered
    /// and each fitted to `columns`.
    static func file(
        _ what: String, lines range: ClosedRange<Int>?, of backend: any BindingBackend, in sources: PackageSources,
        style: Style, columns: Int
    ) throws(ShellError) -> [String] {
        let (file, declaration) = try find(what, in: try readFiles(of: backend, in: sources), of: backend.info.id)
        let lines: [String]
        switch file.lines {
        case .success(let read): lines = read
        case .failure(let problem): throw .actionFailed(reason: "cannot show \(file.path): \(problem.message)")
        }
        var header = "\(file.path), \(lines.count.counted("line"))"
        if let declaration { header += "; \(declaration.name) is declared at line \(declaration.line)" }
        let shown: ClosedRange<Int>
        if let range {
            guard range.lowerBound <= lines.count else {
                throw .actionFailed(
                    reason:
                        "\(file.stem).swift has \(lines.count.counted("line")): there is no line \(range.lowerBound)")
            }
            shown = range.lowerBound...min(range.upperBound, lines.count)
            header +=
                shown.count == 1 ? "; line \(shown.lowerBound)" : "; lines \(shown.lowerBound)-\(shown.upperBound)"
        } else {
            shown = 1...max(lines.count, 1)
        }
        var output = header.wrapped(to: columns, indent: 2)
        guard !lines.isEmpty else { return output + ["(empty)"] }
        let numberWidth = String(shown.upperBound).count
        let room = max(1, columns - numberWidth - 2)
        var highlighter = SwiftHighlighter()
        for (index, line) in lines.enumerated() {
            let number = index + 1
            // Comments open on earlier lines: every line is read, the range is shown.
            let segments = style.enabled ? highlighter.segments(line.expandingTabs) : []
            guard shown.contains(number) else { continue }
            let code =
                style.enabled
                ? SwiftHighlighter.render(segments, in: room, style: style) : line.expandingTabs.fitted(to: room)
            let label = String(number)
            output.append(
                (String(repeating: " ", count: numberWidth - label.count) + label + "  " + code).trailingBlanksTrimmed)
        }
        return output
    }

    /// The file `what` names in `files` (and the declaration, when it named
    /// a type): a file's name first, then a type's; exact, then in any case.
    static func find(_ what: String, in files: [File], of id: String) throws(ShellError) -> (File, Declaration?) {
        let wanted = what.hasSuffix(".swift") ? String(what.dropLast(".swift".count)) : what
        for foldingCase in [false, true] {
            func same(_ a: String, _ b: String) -> Bool { foldingCase ? a.lowercased() == b.lowercased() : a == b }
            let named = files.filter { file in
                let stems = [file.stem, String(file.path.dropLast(".swift".count))]
                return stems.contains { stem in
                    same(stem, wanted)
                        || (stem.count > wanted.count && same(String(stem.suffix(wanted.count + 1)), "/" + wanted))
                }
            }
            if named.count == 1 { return (named[0], nil) }
            if named.count > 1 { throw ambiguous(what, named, id: id, declared: false) }
        }
        for foldingCase in [false, true] {
            let declaring = files.compactMap { file in
                file.declarations.first {
                    foldingCase ? $0.name.lowercased() == wanted.lowercased() : $0.name == wanted
                }
                .map { (file, $0) }
            }
            if declaring.count == 1 { return (declaring[0].0, declaring[0].1) }
            if declaring.count > 1 { throw ambiguous(what, declaring.map(\.0), id: id, declared: true) }
        }
        var names: [String] = []
        for file in files { names += [file.baseName] + file.declarations.map(\.name) }
        let lowered = Dictionary(names.map { ($0.lowercased(), $0) }, uniquingKeysWith: { first, _ in first })
        let suggestion = Suggestion.nearest(to: wanted, in: lowered.keys.sorted()).flatMap { lowered[$0] }
        throw .unknownSourceFile(name: what, backend: id, suggestion: suggestion)
    }

    private static func ambiguous(_ what: String, _ files: [File], id: String, declared: Bool) -> ShellError {
        .ambiguousSourceFile(name: what, backend: id, files: files.map(\.stem), byDeclaration: declared)
    }
}

extension String {
    /// Tabs as four spaces: a tab's width is the terminal's to choose, and
    /// a cut line must know how wide it is.
    fileprivate var expandingTabs: String {
        contains("\t") ? split(separator: "\t", omittingEmptySubsequences: false).joined(separator: "    ") : self
    }
}

extension Int {
    /// `1 file`, `12 files`.
    fileprivate func counted(_ noun: String) -> String { "\(self) \(noun)\(self == 1 ? "" : "s")" }
}
