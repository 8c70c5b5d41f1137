// FuzzSupport: what the fuzz targets in Tests/Fuzz share — the properties
// each checks, and the driver that hands them to libFuzzer or replays a
// corpus. Not part of the product: bindlab links none of it (.ci/run checks
// with nm). It reaches the few Shell internals it checks (the tokenizer's
// neighbours, the session parser and its rewrite, the registry, completion)
// through their `package` declarations: visible inside this package only.
import Catalog
import Playground
import Shell

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The entry points of the fuzz targets in `Tests/Fuzz` (`Tests/Fuzz/run.sh`):
/// each takes any bytes at all and must neither crash nor hang. Where a
/// property must hold whatever the input, a `precondition` says so, so that
/// libFuzzer reports its failure as a crash.
public enum Fuzzing {
    /// The tokenizer, the `-c` splitter and the command table, without a
    /// shell: the input as a `-c` argument, then each of its first eight
    /// lines as a line typed at the prompt, tokenized, resolved to a command,
    /// its words read as the numbers and durations commands take, and
    /// completed as Tab would.
    ///
    /// What must hold: the `-c` pieces are trimmed and not empty, and joined
    /// again with `; ` they split into the same pieces; words requoted split
    /// into the same words; without quotes or backslashes, words and pieces
    /// are what splitting at blanks and at `;` gives; an error is one line;
    /// a number or duration read is in its range; every completion extends
    /// what was typed.
    public static func commands(_ bytes: UnsafeRawBufferPointer) {
        let text = String(decoding: bytes, as: UTF8.self)
        let plain = !text.utf8.contains {
            $0 == UInt8(ascii: "'") || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\")
        }
        if let pieces = try? Tokenizer.commands(text) {
            for piece in pieces { require(isTrimmed(piece), "an untrimmed -c piece") }
            // (Unless joining makes new characters of two: a piece ending in
            // a prepended mark takes the `;` into its last character.)
            let joined = pieces.joined(separator: "; ")
            if joined.count == pieces.reduce(2 * max(0, pieces.count - 1), { $0 + $1.count }) {
                require((try? Tokenizer.commands(joined)) == pieces, "-c pieces joined split anew")
            }
            if plain {
                let reference = text.split(separator: ";", omittingEmptySubsequences: false).map {
                    String($0).trimmingBlanks
                }
                require(pieces == reference.filter { !$0.isEmpty }, "-c pieces differ from a split at ';'")
            }
        } else {
            require(!plain, "a -c line without quotes or backslashes failed to split")
        }
        let completion = ShellCompletion()
        for line in text.split(separator: "\n", omittingEmptySubsequences: false).prefix(8) {
            let line = String(line)
            if let words = try? Tokenizer.words(line) {
                // (Unless quoting makes new characters of two: a word starting
                // with a combining mark takes the quote before it.)
                let quoted = words.map(requoted).joined(separator: " ")
                let expected = words.reduce(max(0, words.count - 1)) { total, word in
                    total + word.count + 2 + word.count(where: { $0 == "\"" || $0 == "\\" })
                }
                if quoted.count == expected {
                    require((try? Tokenizer.words(quoted)) == words, "words requoted split anew")
                }
                if plain {
                    let reference = line.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
                    require(words == reference, "words differ from a split at blanks")
                }
                for word in words.dropFirst().prefix(2) {
                    if let value = try? Arguments.integer(word, "N", in: 0...1000) {
                        require((0...1000).contains(value))
                    }
                    if let value = try? Arguments.duration(word) {
                        require((0...Arguments.maximumDuration).contains(value), "a duration out of range")
                    }
                }
            } else {
                require(!plain, "a line without quotes or backslashes failed to tokenize")
            }
            do {
                _ = try CommandRegistry.commandName(of: line)
            } catch {
                require(!error.message.escapingControlCharacters.contains("\n"), "an error of more than one line")
            }
            let typed =
                line.last == " " || line.last == "\t"
                ? "" : String(line.split(whereSeparator: { $0 == " " || $0 == "\t" }).last ?? "")
            for candidate in completion.completions(for: line) {
                require(candidate.hasPrefix(typed), "a completion that does not extend what was typed")
            }
        }
    }

    /// Not empty, no blank first, and a blank last only when escaped (after
    /// an odd number of backslashes).
    private static func isTrimmed(_ piece: String) -> Bool {
        func isBlank(_ character: Character?) -> Bool { character == " " || character == "\t" }
        guard let first = piece.first, !isBlank(first) else { return false }
        guard isBlank(piece.last) else { return true }
        return piece.dropLast().reversed().prefix { $0 == "\\" }.count % 2 == 1
    }

    /// `word` in double quotes, as the tokenizer reads them back.
    private static func requoted(_ word: String) -> String {
        var quoted = "\""
        for character in word {
            if character == "\"" || character == "\\" { quoted.append("\\") }
            quoted.append(character)
        }
        return quoted + "\""
    }

    /// The commands run: up to eight lines of the input typed at a fresh
    /// shell, on the backend the first byte picks.
    ///
    /// Lines that would touch the file system (`:record`, `:save`, `:run`), leak on
    /// purpose (`:probe`: its experiments measure what naive wirings keep
    /// alive) or ask for more than a few thousand of something (`orders load
    /// 1000000`, slow by design rather than broken) are tokenized but not run.
    public static func shell(_ bytes: UnsafeRawBufferPointer) {
        let text = String(decoding: bytes, as: UTF8.self)
        let all = BackendRegistry.all
        let backend = all[Int(bytes.first ?? 0) % all.count]
        let shell = Shell(
            backends: [backend], data: DataEnvironment(catalogue: smallCatalogue), output: BufferedOutput())
        for line in text.split(separator: "\n", omittingEmptySubsequences: false).prefix(8) {
            let line = String(line)
            guard let words = try? Tokenizer.words(line), let first = words.first else {
                shell.perform(line)
                continue
            }
            let name = CommandRegistry.aliases[first.lowercased()] ?? first
            // `:probe` experiments leak on purpose (what a naive wiring keeps
            // alive is what they measure): LeakSanitizer would stop at once.
            if name == ":record" || name == ":save" || name == ":run" || name == ":probe" { continue }
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
            (
                backend: id,
                blocks: session.blocks.enumerated().map { index, block in
                    outputs(for: block, backend: id, variant: (index + offset + salt) % 5)
                }
            )
        }
        // (`rewritten` matches every block first.)
        guard let lines = session.rewritten(expecting: runs) else {
            for run in runs {
                for (block, output) in zip(session.blocks, run.blocks) {
                    require(block.matches(output, for: run.backend), "no rewrite, yet a block does not match")
                }
            }
            return
        }
        let text = session.text(of: lines)
        let reparsed: Session
        do {
            reparsed = try Session.parse(Array(text.utf8), name: "fuzz.session")
        } catch {
            requireFailure("--update wrote a file that does not parse: \(error)")
        }
        require(reparsed.inputs == session.inputs, "--update changed an input")
        for run in runs {
            for (block, output) in zip(reparsed.blocks, run.blocks) {
                require(block.matches(output, for: run.backend), "--update wrote a block that does not match")
            }
        }
        require(reparsed.rewritten(expecting: runs) == nil, "--update did not settle")
    }

    /// What a backend might print for `block`: its expected lines taken as
    /// text (wildcards filled in), then changed one of five ways.
    private static func outputs(for block: Session.Block, backend: String, variant: Int) -> [String] {
        var lines = block.expected.filter { $0.applies(to: backend) }.compactMap { entry -> String? in
            guard case .text(let text) = entry.pattern else { return nil }
            return variant == 4 ? text : withoutWildcards(text)
        }
        switch variant {
        case 1: lines.append(block.input)
        case 2: lines = Array(lines.dropFirst())
        case 3: lines.reverse()
        default: break
        }
        return lines
    }

    /// `text` without its `[..]`s, a byte at a time (`String.replacing` is
    /// generic, compiled into the fuzz target with its instrumentation, and
    /// took a tenth of each input's time).
    private static func withoutWildcards(_ text: String) -> String {
        let bytes = Array(text.utf8)
        let wildcard = Array(SessionMatcher.anyText.utf8)
        guard bytes.count >= wildcard.count else { return text }
        var kept: [UInt8] = []
        kept.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            if bytes[index] == wildcard[0], bytes.count - index >= wildcard.count,
                bytes[index..<index + wildcard.count].elementsEqual(wildcard)
            {
                index += wildcard.count
            } else {
                kept.append(bytes[index])
                index += 1
            }
        }
        return String(decoding: kept, as: UTF8.self)
    }

    /// The CSV reader and the catalogue built on it: parsed, indexed,
    /// searched for a word of the input, two pages of the result, and its
    /// films looked up by id.
    ///
    /// What must hold: the films loaded are as many as the load says; the
    /// match count is the number of films found; page 1 holds the first 20
    /// of them, page 0 none, and the page count covers them; each film of
    /// page 1 is what a lookup by its id answers. Bytes that are not UTF-8
    /// (which a `String` would repair) go through the byte reader too.
    public static func catalogue(_ bytes: UnsafeRawBufferPointer) {
        let buffer = bytes.assumingMemoryBound(to: UInt8.self)
        guard String(validating: buffer, as: UTF8.self) != nil else {
            _ = try? MoviesCSV.parse(bytes: buffer)
            return
        }
        let text = String(decoding: bytes, as: UTF8.self)
        guard let catalogue = try? MovieCatalogue(csv: text), let summary = try? catalogue.load() else { return }
        require((try? catalogue.movies().count) == summary.movieCount, "load and movies() disagree")
        let query = queryWord(in: bytes)
        guard let found = try? catalogue.search(query) else { return }
        require((try? catalogue.matchCount(for: query)) == found.count, "matchCount and search disagree")
        let pageSize = MovieCatalogue.pageSize
        if let first = try? catalogue.page(1, for: query) {
            require(first.movies == Array(found.prefix(pageSize)), "page 1 is not the first films found")
            require(first.totalPages == (found.count + pageSize - 1) / pageSize, "a page count that does not fit")
            for film in first.movies {
                require((try? catalogue.movie(id: film.id)) == film, "a film's id looks up another film")
            }
        }
        if let before = try? catalogue.page(0, for: query) {
            require(before.movies.isEmpty, "a page before the first with films")
        }
    }

    /// The sixth word of `bytes` (split at commas, line breaks and spaces),
    /// or "a": most often a title word of the first record.
    private static func queryWord(in bytes: UnsafeRawBufferPointer) -> String {
        var words = 0
        var start: Int?
        for index in 0...bytes.count {
            let separator =
                index == bytes.count || bytes[index] == UInt8(ascii: ",")
                || bytes[index] == UInt8(ascii: "\n") || bytes[index] == UInt8(ascii: " ")
            if separator {
                if let begun = start {
                    words += 1
                    if words == 6 { return String(decoding: bytes[begun..<index], as: UTF8.self) }
                    start = nil
                }
            } else if start == nil {
                start = index
            }
        }
        return "a"
    }

    /// Stops the run when a property fails, saying which: a release build
    /// (as libFuzzer's is) drops a `precondition`'s message.
    private static func require(_ condition: Bool, _ message: @autoclosure () -> String = "a property failed") {
        guard !condition else { return }
        requireFailure(message())
    }

    private static func requireFailure(_ message: String) -> Never {
        let line = Array("fuzz target: \(message)\n".utf8)
        _ = line.withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
        preconditionFailure(message)
    }

    /// What a fuzz target's `main` does: built by `Tests/Fuzz/run.sh` (with
    /// `-DFUZZING`), hands `target` to libFuzzer; built as `swift build`
    /// does, runs it on the files (or folders of files) named on the command
    /// line, to replay a corpus or a crash. Never returns.
    public static func main(_ target: @escaping (UnsafeRawBufferPointer) -> Void) -> Never {
        #if FUZZING
            current = target
            runLibFuzzer { data, size in
                Fuzzing.current?(UnsafeRawBufferPointer(start: data, count: size))
                return 0
            }
        #else
            replay(CommandLine.arguments.dropFirst(), through: target)
        #endif
    }

    /// The target libFuzzer's callback calls: a C function pointer cannot
    /// carry it. Set once, before libFuzzer starts, on its only thread.
    private nonisolated(unsafe) static var current: ((UnsafeRawBufferPointer) -> Void)?

    /// libFuzzer's entry point for a program that has its own `main`:
    /// `int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *, size_t))`.
    public typealias Callback = @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32
    private typealias Driver =
        @convention(c) (
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
