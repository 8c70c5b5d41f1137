/// Where the shell writes: the terminal in the program, a buffer in tests and
/// in session replays. The shell never prints directly.
public protocol OutputSink: AnyObject {
    /// Writes `text` as is (the caller adds line breaks).
    func write(_ text: String, to stream: OutputStream)
}

/// Which stream a piece of output belongs to.
public enum OutputStream: Sendable {
    case standard
    /// Errors and warnings.
    case error
}

/// Collects everything written, both streams interleaved in order: what a
/// session transcript shows.
public final class BufferedOutput: OutputSink {
    public private(set) var text = ""

    public init() {}

    public func write(_ text: String, to stream: OutputStream) {
        self.text += text
    }

    /// Hands back what was written so far and forgets it.
    public func take() -> String {
        defer { text = "" }
        return text
    }

    /// Text as lines: each line break ends one; a last line without one still counts.
    static func lines(of text: String) -> [String] {
        guard !text.isEmpty else { return [] }
        // Split on the bytes: splitting Characters costs a grapheme break
        // check a byte, and `check` splits every screen it replays.
        var lines = text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map {
            String(Substring($0))
        }
        if text.hasSuffix("\n") { lines.removeLast() }
        return lines
    }
}

/// ANSI styling, off when colours are not wanted.
public struct Style: Sendable {
    public let enabled: Bool

    public init(enabled: Bool) {
        self.enabled = enabled
    }

    public func dim(_ text: String) -> String { wrap(text, "2") }
    public func bold(_ text: String) -> String { wrap(text, "1") }
    public func red(_ text: String) -> String { wrap(text, "31") }
    public func green(_ text: String) -> String { wrap(text, "32") }
    public func cyan(_ text: String) -> String { wrap(text, "36") }

    private func wrap(_ text: String, _ code: String) -> String {
        enabled ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }

    /// Whether colours are wanted: not with `--no-color`, `NO_COLOR` set
    /// (to anything), `TERM=dumb`, or output that is not a terminal.
    public static func colorWanted(flag: Bool, environment: [String: String], outputIsTerminal: Bool)
        -> Bool
    {
        flag && environment["NO_COLOR"] == nil && environment["TERM"] != "dumb" && outputIsTerminal
    }
}

/// The shell's output, passed on to its sink; `:record` and the journal tap it.
final class TeeOutput: OutputSink {
    let sink: any OutputSink
    /// Also gets everything written, while set.
    var tap: (any OutputSink)?
    /// What was typed so far (`:history`, `:save`): gets everything written.
    var journal: (any OutputSink)?

    init(_ sink: any OutputSink) {
        self.sink = sink
    }

    func write(_ text: String, to stream: OutputStream) {
        sink.write(text, to: stream)
        tap?.write(text, to: stream)
        journal?.write(text, to: stream)
    }
}
