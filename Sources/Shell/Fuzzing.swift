#if canImport(Glibc)
    import Glibc
#endif
import BindingKit
import Catalog

/// The entry points of the fuzz targets in `Tests/Fuzz` (`Tests/Fuzz/run.sh`):
/// each takes any bytes at all and must neither crash nor hang. Where a
/// property must hold whatever the input, a `precondition` says so, so that
/// libFuzzer reports its failure as a crash.
///
/// Not API: the fuzz targets reach it as `@_spi(Fuzzing) import Shell`.
@_spi(Fuzzing) public enum Fuzzing {
    /// The tokenizer, the `-c` splitter and the command table: up to eight
    /// lines of the input typed at a fresh shell.
    ///
    /// Lines that would touch the file system (`:record`, `:run`), leak on
    /// purpose (`:probe`: its experiments measure what naive wirings keep
    /// alive) or ask for more than a few thousand of something (`orders load
    /// 1000000`, slow by design rather than broken) are tokenized but not run.
    public static func commands(_ bytes: UnsafeRawBufferPointer) {
        let text = String(decoding: bytes, as: UTF8.self)
        _ = try? Tokenizer.commands(text)
        let all = BackendRegistry.all
        let backend = all[Int(bytes.first ?? 0) % all.count]
        let shell = Shell(backends: [backend], data: DataEnvironment(catalogue: smallCatalogue), output: BufferedOutput())
        for line in text.split(separator: "\n", omittingEmptySubsequences: false).prefix(8) {
            let line = String(line)
            guard let words = try? Tokenizer.words(line.trimmingBlanks), let first = words.first else {
                shell.perform(line)
                continue
            }
            let name = Shell.aliases[first.lowercased()] ?? first
            // `:probe` experiments leak on purpose (what a naive wiring keeps
            // alive is what they measure): LeakSanitizer would stop at once.
            if name == ":record" || name == ":run" || name == ":probe" { continue }
            if words.contains(where: { Int($0).map { $0 > 5000 } ?? false }) { continue }
            shell.perform(line)
            if shell.quitRequested { return }
        }
    }

    /// A catalogue of 48 films, enough for three pages of "star": searching
    /// the real 58,788 would make each input a hundred times slower and test
    /// nothing more of the commands.
    static let smallCatalogue: MovieCatalogue = {
        let films = (0..<45).map { "Star Film \($0),\(1950 + $0),\(80 + $0),\(Double($0 % 10)),\($0 * 17)" }
        let csv = ["title,year,length,rating,votes", "Star Wars,1977,121,8.8,170000", "Alien,1979,117,8.5,90000"]
        return (try? MovieCatalogue(csv: (csv + films + ["Brazil,1985,142,7.9,40000"]).joined(separator: "\n")))
            ?? MovieCatalogue(movies: [])
    }()

    /// The session parser, the matcher and `--update`: a file that parses is
    /// matched against outputs made from its own expected lines, rewritten to
    /// expect them, and the rewrite must parse back with the same inputs,
    /// match those outputs, and need no second rewrite.
    public static func sessions(_ bytes: UnsafeRawBufferPointer) {
        guard let session = try? Session.parse(Array(bytes), name: "fuzz.session") else { return }
        let ids = Array(BackendRegistry.ids.prefix(2))
        let salt = Int(bytes.last ?? 0)
        let runs = ids.enumerated().map { offset, id in
            (backend: id, blocks: session.blocks.enumerated().map { index, block in
                outputs(for: block, backend: id, variant: (index + offset + salt) % 5)
            })
        }
        for run in runs {
            for (block, output) in zip(session.blocks, run.blocks) { _ = block.matches(output, for: run.backend) }
        }
        guard let lines = session.rewritten(expecting: runs) else {
            for run in runs {
                for (block, output) in zip(session.blocks, run.blocks) {
                    precondition(block.matches(output, for: run.backend), "no rewrite, yet a block does not match")
                }
            }
            return
        }
        let text = session.text(of: lines)
        let reparsed: Session
        do {
            reparsed = try Session.parse(Array(text.utf8), name: "fuzz.session")
        } catch {
            preconditionFailure("--update wrote a file that does not parse: \(error)")
        }
        precondition(reparsed.inputs == session.inputs, "--update changed an input")
        for run in runs {
            for (block, output) in zip(reparsed.blocks, run.blocks) {
                precondition(block.matches(output, for: run.backend), "--update wrote a block that does not match")
            }
        }
        precondition(reparsed.rewritten(expecting: runs) == nil, "--update did not settle")
    }

    /// What a backend might print for `block`: its expected lines taken as
    /// text (wildcards filled in), then changed one of five ways.
    private static func outputs(for block: Session.Block, backend: String, variant: Int) -> [String] {
        var lines = block.expected.filter { $0.applies(to: backend) }.compactMap { entry -> String? in
            guard case .text(let text) = entry.pattern else { return nil }
            return text.replacing(SessionMatcher.anyText, with: variant == 4 ? "[..]" : "")
        }
        switch variant {
        case 1: lines.append(block.input)
        case 2: lines = Array(lines.dropFirst())
        case 3: lines.reverse()
        default: break
        }
        return lines
    }

    /// The CSV reader and the catalogue built on it: parsed, indexed, searched
    /// for a word of the input, and a page of the result.
    public static func catalogue(_ bytes: UnsafeRawBufferPointer) {
        _ = try? MoviesCSV.parse(bytes: bytes.assumingMemoryBound(to: UInt8.self))
        let text = String(decoding: bytes, as: UTF8.self)
        guard let catalogue = try? MovieCatalogue(csv: text) else { return }
        _ = try? catalogue.load()
        let words = text.split(whereSeparator: { $0 == "," || $0 == "\n" || $0 == " " })
        let query = words.dropFirst(5).first.map(String.init) ?? "a"
        let found = (try? catalogue.search(query)) ?? []
        if let count = try? catalogue.matchCount(for: query) {
            precondition(count == found.count, "matchCount and search disagree")
        }
        _ = try? catalogue.page(0, for: query)
        _ = try? catalogue.page(1, for: query)
    }

    /// libFuzzer's entry point for a program that has its own `main`:
    /// `int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *, size_t))`.
    public typealias Callback = @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32
    private typealias Driver = @convention(c) (
        UnsafeMutablePointer<Int32>, UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
        Callback
    ) -> Int32

    /// Hands the process to libFuzzer with `callback` as the target.
    ///
    /// SwiftPM links every executable with `main` standing for the module's
    /// own entry point, so libFuzzer's `main` never runs: the entry point
    /// calls libFuzzer's driver instead, found by name (the fuzz build links
    /// with `--export-dynamic` so that it can be). Never returns.
    public static func runLibFuzzer(_ callback: Callback) -> Never {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "LLVMFuzzerRunDriver") else {
            print("this program was not linked with libFuzzer: build it with Tests/Fuzz/run.sh")
            exit(2)
        }
        let driver = unsafeBitCast(symbol, to: Driver.self)
        var argc = CommandLine.argc
        var argv = CommandLine.unsafeArgv
        exit(driver(&argc, &argv, callback))
    }

    /// Runs `target` on each file named (a folder: each file in it), as a
    /// fuzz target built without libFuzzer does, to replay a corpus or a
    /// crash; then exits, 2 when a file could not be read.
    public static func replay(_ paths: ArraySlice<String>, through target: (UnsafeRawBufferPointer) -> Void) -> Never {
        var status: Int32 = 0
        var count = 0
        for path in paths {
            let files = SessionFiles.isDirectory(path) ? ((try? SessionFiles.files(in: path)) ?? []) : [path]
            for file in files {
                guard let bytes = try? SessionFiles.contents(of: file) else {
                    print("cannot read \(file)")
                    status = 2
                    continue
                }
                bytes.withUnsafeBytes(target)
                count += 1
            }
        }
        print("ran \(count) input\(count == 1 ? "" : "s")")
        exit(status)
    }
}
