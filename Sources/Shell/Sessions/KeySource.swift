public import LineEditing

/// Where `present` gets its key presses: the terminal in raw mode, lines
/// from a pipe, or a script in tests.
public protocol KeySource: AnyObject {
    /// The next key, or nil when there are no more.
    func nextKey() -> Character?
    /// The lines the keys come from, when they come from lines (a pipe):
    /// `present`'s live prompt reads its commands there too.
    var lines: (any LineSource)? { get }
    /// Gives the terminal back while something else reads it (the live prompt).
    func suspend()
    /// Takes it again for single keys.
    func resume()
}

extension KeySource {
    public var lines: (any LineSource)? { nil }
    public func suspend() {}
    public func resume() {}
}

/// Keys given up front, for tests.
public final class ScriptedKeys: KeySource {
    private var keys: [Character]

    public init(_ keys: String) {
        self.keys = Array(keys)
    }

    public func nextKey() -> Character? {
        keys.isEmpty ? nil : keys.removeFirst()
    }
}

/// One key per line, for input that is not a terminal: a line's first
/// character, Enter for an empty line; Ctrl-C quits. After `!`, the lines
/// that follow are the live prompt's, up to `:resume`.
public final class LineKeys: KeySource {
    private let source: any LineSource

    public init(_ lines: any LineSource) {
        self.source = lines
    }

    public var lines: (any LineSource)? { source }

    public func nextKey() -> Character? {
        switch source.readLine(prompt: "") {
        case .line(let line): line.first ?? "\n"
        case .interrupted: "q"
        case .endOfInput: nil
        }
    }
}

/// Single key presses from a terminal (`SingleKeyReader`): a key counts
/// without Enter and does not show. Ctrl-C and Ctrl-D arrive as keys (quit)
/// rather than as a signal; a signal from elsewhere leaves the terminal as
/// it was too.
public final class TerminalKeys: KeySource {
    private let reader: SingleKeyReader

    /// Puts the terminal at `descriptor` in raw mode; nil when it is not a terminal.
    public init?(descriptor: Int32 = 0) {
        guard let reader = SingleKeyReader(descriptor: descriptor) else { return nil }
        self.reader = reader
    }

    /// Puts the terminal back as it was.
    public func restore() {
        reader.restore()
    }

    public func suspend() {
        reader.suspend()
    }

    public func resume() {
        reader.resume()
    }

    public func nextKey() -> Character? {
        guard let byte = reader.nextByte() else { return nil }
        switch byte {
        case 3, 4: return "q"  // Ctrl-C, Ctrl-D
        case 0x80...: return "\u{FFFD}"  // part of a character that is no key here
        default: return Character(Unicode.Scalar(byte))
        }
    }
}
