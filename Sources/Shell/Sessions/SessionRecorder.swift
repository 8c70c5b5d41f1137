#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writes a live session to a file as it happens (`:record`): each line
/// typed, then what it printed, in the session format — so that `check`
/// passes on the file as written.
///
/// The shell's output is tapped (see `TeeOutput`); the shell's loop says
/// when a typed line begins and ends. Each command is written when it ends,
/// so the file is whole even if the shell is left with Ctrl-D.
final class SessionRecorder: OutputSink {
    /// The file, as the user named it.
    let name: String
    /// How many commands were written.
    private(set) var recorded = 0
    private var descriptor: Int32
    private var pending: (input: String, location: String?, output: String)?
    private var problem: String?
    /// Whether the last thing written was narration (the next input goes right under it).
    private var afterNarration = false

    /// Creates the file (never replacing one) and writes its heading.
    init(path: String, backends: [String]) throws(SessionFiles.Failure) {
        self.name = path
        self.descriptor = try SessionFiles.create(path)
        append(
            """
            # Recorded with :record on \(backends.joined(separator: ", ")). Lines starting with # are
            # narration, shown by bindlab present: add your own.

            """)
    }

    deinit {
        if descriptor >= 0 { close(descriptor) }
    }

    /// A typed line is about to run.
    ///
    /// - Parameters:
    ///   - location: how the shell locates its errors (`<stdin>:3`, in a
    ///     script); taken off, as a replay prints them unlocated.
    ///   - kept: false for a line to leave out (`:quit`: replayed by `:run`,
    ///     it would end the shell that runs it).
    func begin(_ line: String, location: String? = nil, kept: Bool = true) {
        pending = kept ? (line, location, "") : nil
    }

    func write(_ text: String, to stream: OutputStream) {
        pending?.output += text
    }

    /// The line has run: writes it and what it printed. Blank lines are
    /// skipped, `#` lines become narration.
    func end() {
        guard let (input, location, output) = pending else { return }
        pending = nil
        let trimmed = input.trimmingBlanks
        if trimmed.isEmpty { return }
        if trimmed.hasPrefix("#") {
            append((afterNarration ? "" : "\n") + trimmed + "\n")
            afterNarration = true
            return
        }
        var text = (afterNarration ? "" : "\n") + "> " + input + "\n"
        let timed = CommandRegistry.printsTimings(input)
        let lines = BufferedOutput.lines(of: Self.withoutColours(output)).map { line in
            guard let location, line.hasPrefix("\(location): error: ") else {
                return timed ? Timings.pattern(of: line) : line
            }
            return String(line.dropFirst(location.count + 2))
        }
        for (index, line) in lines.enumerated() {
            text += Session.render(.text(line), backends: nil, last: index == lines.count - 1) + "\n"
        }
        append(text)
        recorded += 1
        afterNarration = false
    }

    /// Closes the file, dropping the line in progress (`:record stop`
    /// itself); returns what went wrong with writing, if anything did.
    func finish() -> String? {
        pending = nil
        if descriptor >= 0, close(descriptor) != 0, problem == nil {
            problem = "could not finish writing it: \(String(cString: strerror(errno)).lowercased())"
        }
        descriptor = -1
        return problem
    }

    private func append(_ text: String) {
        guard descriptor >= 0, problem == nil else { return }
        if !SessionFiles.writeAll(text, to: descriptor) {
            problem = "could not write all of it: \(String(cString: strerror(errno)).lowercased())"
        }
    }

    /// `text` without ANSI escape sequences: a session holds no colours.
    static func withoutColours(_ text: String) -> String {
        guard text.contains("\u{1B}") else { return text }
        var result = String.UnicodeScalarView()
        var scalars = text.unicodeScalars.makeIterator()
        while let scalar = scalars.next() {
            guard scalar == "\u{1B}" else {
                result.append(scalar)
                continue
            }
            // ESC [ parameters, then a final byte from @ to ~.
            guard let next = scalars.next(), next == "[" else { continue }
            while let part = scalars.next(), !("@"..."~").contains(part) {}
        }
        return String(result)
    }
}
