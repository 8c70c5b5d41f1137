public import LineEditing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where `present` gets its key presses: the terminal in raw mode, lines
/// from a pipe, or a script in tests.
public protocol KeySource: AnyObject {
    /// The next key, or nil when there are no more.
    func nextKey() -> Character?
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
/// character, Enter for an empty line; Ctrl-C quits.
public final class LineKeys: KeySource {
    private let lines: any LineSource

    public init(_ lines: any LineSource) {
        self.lines = lines
    }

    public func nextKey() -> Character? {
        switch lines.readLine(prompt: "") {
        case .line(let line): line.first ?? "\n"
        case .interrupted: "q"
        case .endOfInput: nil
        }
    }
}

/// Single key presses from a terminal: non-canonical mode without echo,
/// so a key counts without Enter and does not show. Ctrl-C and Ctrl-D
/// arrive as keys (quit) rather than as a signal, so the terminal is always
/// put back as it was.
public final class TerminalKeys: KeySource {
    private let descriptor: Int32
    private var saved: termios?

    /// Puts the terminal at `descriptor` in raw mode; nil when it is not a terminal.
    public init?(descriptor: Int32 = 0) {
        var settings = termios()
        guard isatty(descriptor) == 1, tcgetattr(descriptor, &settings) == 0 else { return nil }
        self.descriptor = descriptor
        self.saved = settings
        settings.c_lflag &= ~tcflag_t(ICANON | ECHO | ISIG)
        withUnsafeMutableBytes(of: &settings.c_cc) { cc in
            cc[Int(VMIN)] = 1
            cc[Int(VTIME)] = 0
        }
        guard tcsetattr(descriptor, TCSANOW, &settings) == 0 else { return nil }
    }

    deinit {
        restore()
    }

    /// Puts the terminal back as it was.
    public func restore() {
        guard var settings = saved else { return }
        tcsetattr(descriptor, TCSANOW, &settings)
        saved = nil
    }

    public func nextKey() -> Character? {
        var byte: UInt8 = 0
        while true {
            let count = read(descriptor, &byte, 1)
            if count == 1 { break }
            if count < 0, errno == EINTR { continue }
            return nil
        }
        switch byte {
        case 3, 4: return "q"  // Ctrl-C, Ctrl-D
        case 0x80...: return "\u{FFFD}"  // part of a character that is no key here
        default: return Character(Unicode.Scalar(byte))
        }
    }
}
