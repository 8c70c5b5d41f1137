// Sessions: saved transcripts of the shell — replayed (`run`, `:run`),
// checked against every backend (`check`), re-recorded (`check --update`,
// `:record`) and stepped through in a workshop (`present`). The format is
// documented in Docs/sessions.md. Part of the Shell module; knows backends
// only through BackendRegistry.
import CommandLineOptions
import Playground

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A session script, parsed: the inputs, what each is expected to print, and
/// the narration between them.
///
/// ```
/// # Narration: present shows it, check skips it.
/// > orders load
/// [0 ms]
/// ...
/// [delegate] a line only the delegate backend prints
/// ```
///
/// A line starting with `> ` is an input; the lines under it, up to the next
/// input or narration, are its expected output, where `[..]` matches any text
/// within a line and a line `...` matches any number of lines. A line may
/// start with backend ids in brackets (`[a] `, `[a,b] `) to be expected from
/// those backends only, or from every backend but those (`[!a] `, `[!a,b] `),
/// and with `\` to be taken as plain output (`\# not
/// narration`; a lone `\` is an empty line where a blank would be layout).
/// Blank lines at the end of a block are layout.
public struct Session: Sendable {
    /// How messages name the file: the path as the user gave it.
    public let name: String
    /// Where the file is, for `:run` paths inside it (relative to its folder).
    let path: String
    /// The file's lines, without their line breaks.
    let lines: [String]
    let layout: Layout
    package let blocks: [Block]
    /// Narration after the last input, for `present` to end with.
    let closingNarration: [String]

    /// How the file is laid out, so that a rewrite changes nothing else.
    struct Layout: Sendable, Equatable {
        var byteOrderMark = false
        var carriageReturns = false
        var finalLineBreak = true
    }

    /// One input and the output expected from it.
    package struct Block: Sendable, Equatable {
        /// The input's line, counted from 0.
        let line: Int
        /// What is typed: the text after `> `.
        package let input: String
        /// The narration since the previous block, `#` taken off.
        let narration: [String]
        package let expected: [Expected]
        /// The line after the last expected line (layout follows).
        let end: Int
    }

    /// One line of expected output.
    package struct Expected: Sendable, Equatable {
        /// Its line, counted from 0.
        let line: Int
        /// The backends it is expected from; nil for every backend.
        package let backends: [String]?
        package let pattern: Pattern

        package func applies(to backend: String) -> Bool { backends?.contains(backend) ?? true }
    }

    package enum Pattern: Sendable, Equatable {
        /// `...`: any number of lines, none included.
        case anyLines
        /// One line; `[..]` in it matches any text.
        case text(String)
    }

    /// The inputs, in order.
    public var inputs: [String] { blocks.map(\.input) }
}

/// Something wrong with a session file itself (not with what it prints):
/// each problem with its line, exit status 2.
public struct SessionFileError: Error, Equatable, Sendable, CustomStringConvertible {
    public struct Problem: Equatable, Sendable {
        /// Counted from 1; nil when the problem is the whole file.
        public let line: Int?
        public let message: String
    }

    public let file: String
    public let problems: [Problem]

    init(file: String, line: Int?, _ message: String) {
        self.file = file
        self.problems = [Problem(line: line, message: message)]
    }

    init(file: String, problems: [Problem]) {
        self.file = file
        self.problems = problems
    }

    /// The problems as `FILE:LINE: error: message` lines.
    public var lines: [String] {
        problems.map { "\(file)\($0.line.map { ":\($0)" } ?? ""): error: \($0.message)" }
    }

    public var description: String { lines.joined(separator: "\n") }

    /// The first problem as `FILE:LINE: message`, counting the others: one
    /// line for an error message.
    var summary: String {
        guard let first = problems.first else { return file }
        let more = problems.count > 1 ? " (and \(problems.count - 1) more)" : ""
        return "\(file)\(first.line.map { ":\($0)" } ?? ""): \(first.message)\(more)"
    }
}

extension Session {
    /// Reads and parses the session at `path`.
    ///
    /// - Parameter name: how messages name it; the path by default.
    static func load(_ path: String, name: String? = nil, backends: [String] = BackendRegistry.ids)
        throws(SessionFileError) -> Session
    {
        let name = name ?? path
        let bytes: [UInt8]
        do {
            bytes = try SessionFiles.contents(of: path)
        } catch {
            throw SessionFileError(file: name, line: nil, error.message)
        }
        return try parse(bytes, name: name, path: path, backends: backends, requireInput: true)
    }

    /// Parses a session from the bytes of its file.
    ///
    /// - Parameters:
    ///   - backends: the ids a `[id] ` prefix may name.
    /// - Throws: every problem of the file: binary content, text that is not
    ///   UTF-8, output before any input, an unknown backend, a `...` that can
    ///   never match.
    /// - Complexity: O(n) in the size of the file.
    ///   - requireInput: refuse a file without a single input (as a file to
    ///     run or check, where an empty one must not pass).
    package static func parse(
        _ bytes: [UInt8], name: String, path: String? = nil, backends: [String] = BackendRegistry.ids,
        requireInput: Bool = false
    ) throws(SessionFileError) -> Session {
        let (lines, layout) = try decode(bytes, name: name)
        var parser = Parser(lines: lines, backends: backends)
        parser.run()
        // A file with no input at all is not a session with mistakes but no
        // session: one line says so (not one per line of /etc/passwd), and
        // an empty file is not a pass.
        guard !requireInput || !parser.blocks.isEmpty else {
            let what =
                lines.allSatisfy(\.isBlank)
                ? "empty: a session has at least one input line ('> COMMAND')"
                : "not a session: no line is an input ('> COMMAND'); see Docs/sessions.md"
            throw SessionFileError(file: name, line: nil, what)
        }
        guard parser.problems.isEmpty else {
            throw SessionFileError(file: name, problems: Array(parser.problems.prefix(20)))
        }
        return Session(
            name: name, path: path ?? name, lines: lines, layout: layout, blocks: parser.blocks,
            closingNarration: parser.narration)
    }

    /// Splits the bytes into lines, refusing binary content and invalid UTF-8.
    private static func decode(_ bytes: [UInt8], name: String) throws(SessionFileError) -> ([String], Layout) {
        var layout = Layout()
        var body = bytes[...]
        if body.starts(with: [0xEF, 0xBB, 0xBF]) {
            layout.byteOrderMark = true
            body = body.dropFirst(3)
        }
        if let nul = body.firstIndex(of: 0) {
            let line = body[..<nul].count { $0 == UInt8(ascii: "\n") } + 1
            throw SessionFileError(
                file: name, line: line, "binary content (a NUL byte): a session is a text file")
        }
        layout.finalLineBreak = body.isEmpty || body.last == UInt8(ascii: "\n")
        var rawLines = lines(of: body)
        if layout.finalLineBreak { rawLines.removeLast() }
        layout.carriageReturns = rawLines.first?.last == UInt8(ascii: "\r")
        var lines: [String] = []
        lines.reserveCapacity(rawLines.count)
        // Most files are UTF-8 throughout: the standard library checks that
        // at once; only a file that is not is searched line by line.
        let valid = body.withUnsafeBufferPointer { String(validating: $0, as: UTF8.self) != nil }
        for (index, var raw) in rawLines.enumerated() {
            if raw.last == UInt8(ascii: "\r") { raw = raw.dropLast() }
            if !valid, let bad = firstInvalidByte(raw) {
                let byte = String(raw[raw.startIndex + bad], radix: 16, uppercase: true)
                throw SessionFileError(
                    file: name, line: index + 1,
                    "not UTF-8 text (byte 0x\(byte), the line's byte \(bad + 1)): save the file as UTF-8")
            }
            let line = String(decoding: raw, as: UTF8.self)
            lines.append(line)
        }
        return (lines, layout)
    }

    /// `bytes` split at each line feed (`memchr` finds them: the generic
    /// `split` took a tenth of the time of parsing a session).
    private static func lines(of bytes: ArraySlice<UInt8>) -> [ArraySlice<UInt8>] {
        var lines: [ArraySlice<UInt8>] = []
        var last = bytes.startIndex
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            var offset = 0
            while offset < buffer.count,
                let found = memchr(base + offset, Int32(UInt8(ascii: "\n")), buffer.count - offset)
            {
                let end = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
                lines.append(bytes[(bytes.startIndex + offset)..<(bytes.startIndex + end)])
                offset = end + 1
            }
            last = bytes.startIndex + offset
        }
        lines.append(bytes[last...])
        return lines
    }

    /// Where the first byte that is not UTF-8 is, or nil when all are.
    private static func firstInvalidByte(_ bytes: ArraySlice<UInt8>) -> Int? {
        var decoder = UTF8()
        var iterator = bytes.makeIterator()
        var offset = 0
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar): offset += UTF8.width(scalar)
            case .emptyInput: return nil
            case .error: return offset
            }
        }
    }

    /// Walks the lines once, building blocks and collecting problems.
    private struct Parser {
        let lines: [String]
        let backends: [String]
        var blocks: [Block] = []
        var problems: [SessionFileError.Problem] = []
        /// Narration not yet attached to an input.
        var narration: [String] = []
        /// The block being read: its input line, text, narration, expected lines, blanks not yet placed.
        var current: (line: Int, input: String, narration: [String], expected: [Expected], blanks: [Int], end: Int)?
        var sawInput = false

        mutating func run() {
            for (index, line) in lines.enumerated() {
                // The marks are read as Unicode scalars, as prefixes are: an
                // input or narration may start with a combining mark.
                let scalars = line.unicodeScalars
                if line == ">" || scalars.starts(with: "> ".unicodeScalars) {
                    close()
                    sawInput = true
                    current = (index, String(Substring(scalars.dropFirst(2))), narration, [], [], index + 1)
                    narration = []
                } else if scalars.first == "#" {
                    close()
                    var text = scalars.dropFirst()
                    if text.first == " " { text = text.dropFirst() }
                    narration.append(String(Substring(text)))
                } else if line.isBlank {
                    current?.blanks.append(index)
                } else if current != nil {
                    expect(line, at: index)
                } else {
                    problems.append(
                        .init(
                            line: index + 1,
                            message: sawInput
                                ? "expected output after narration: output goes right under its input ('> COMMAND'); narration ends a block"
                                : "expected output before any input: start with '> COMMAND', or make the line narration with '#'"
                        ))
                }
            }
            close()
        }

        /// Reads one line of expected output into the current block.
        ///
        /// The block is taken out of `current` while it grows, so its arrays
        /// are appended to in place rather than copied for each line.
        mutating func expect(_ line: String, at index: Int) {
            guard var block = current.take() else { return }
            // Blanks between expected lines are expected empty lines.
            for blank in block.blanks {
                block.expected.append(Expected(line: blank, backends: nil, pattern: .text(lines[blank])))
            }
            block.blanks = []
            block.end = index + 1
            var ids: [String]?
            var body = Substring(line)
            if let (prefixIDs, excluding, rest) = Session.backendPrefix(of: line) {
                let unknown = prefixIDs.filter { !backends.contains($0) }
                if let id = unknown.first {
                    let hint = Suggestion.nearest(to: id, in: backends).map { "; did you mean '\($0)'?" } ?? ""
                    problems.append(
                        .init(
                            line: index + 1,
                            message:
                                "unknown backend '\(id.fitted(to: 32))' in the line's prefix\(hint) (known: \(backends.joined(separator: ", ")))"
                        ))
                }
                // `[!a,b] `: every backend known now but those, so a backend
                // added later is expected to print the line too.
                ids = excluding ? backends.filter { !prefixIDs.contains($0) } : prefixIDs
                if excluding && unknown.isEmpty && ids?.isEmpty == true {
                    problems.append(
                        .init(
                            line: index + 1,
                            message:
                                "the prefix leaves out every backend, so no backend prints the line: remove the line"))
                }
                body = rest
            }
            let pattern: Pattern =
                if body.unicodeScalars.first == "\\" {
                    .text(String(Substring(body.unicodeScalars.dropFirst())))  // (a combining mark may follow)
                } else if body == "..." { .anyLines } else {
                    .text(String(body))
                }
            let entry = Expected(line: index, backends: ids, pattern: pattern)
            if pattern == .anyLines, let previous = block.expected.last, previous.pattern == .anyLines,
                previous.line == index - 1, Session.overlap(previous.backends, ids)
            {
                problems.append(
                    .init(
                        line: index + 1,
                        message:
                            "'...' right after '...' can never match anything (the first takes every line): remove one"
                    ))
            }
            block.expected.append(entry)
            current = block
        }

        /// Ends the current block; its trailing blank lines are layout.
        mutating func close() {
            guard let block = current else { return }
            blocks.append(
                Block(
                    line: block.line, input: block.input, narration: block.narration,
                    expected: block.expected, end: block.end))
            current = nil
        }
    }

    /// Whether two lines' backends can both apply to one backend.
    static func overlap(_ a: [String]?, _ b: [String]?) -> Bool {
        guard let a, let b else { return true }
        return a.contains(where: b.contains)
    }

    /// The backend ids of a `[a,b] ` or `[!a,b] ` prefix, whether they are
    /// excluded (`!`), and the text after it, if `line` starts with something
    /// shaped like one (`[1000 ms]` and `[..]` are not).
    static func backendPrefix(of line: String) -> (ids: [String], excluding: Bool, rest: Substring)? {
        // Read as Unicode scalars, not characters: the text after the prefix
        // may start with a combining mark, which as characters would join the
        // space before it, so that the prefix `--update` wrote read as text.
        let scalars = line.unicodeScalars
        guard scalars.first == "[", let close = scalars.firstIndex(of: "]") else { return nil }
        let after = scalars.index(after: close)
        guard after == scalars.endIndex || scalars[after] == " " else { return nil }
        var list = Substring(scalars[scalars.index(after: scalars.startIndex)..<close])
        let excluding = list.unicodeScalars.first == "!"
        if excluding { list = Substring(list.unicodeScalars.dropFirst()) }
        let ids = list.split(separator: ",", omittingEmptySubsequences: false)
        guard ids.allSatisfy(\.isBackendID) else { return nil }
        let rest = Substring(scalars[(after == scalars.endIndex ? after : scalars.index(after: after))...])
        return (ids.map(String.init), excluding, rest)
    }
}

extension StringProtocol {
    /// Empty, or only blanks.
    var isBlank: Bool { allSatisfy { $0 == " " || $0 == "\t" } }

    /// Shaped like a backend id: a lowercase letter, then lowercase letters,
    /// digits, `-` or `_`.
    fileprivate var isBackendID: Bool {
        guard let first = unicodeScalars.first, ("a"..."z").contains(first) else { return false }
        return unicodeScalars.allSatisfy {
            ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" || $0 == "_"
        }
    }
}
