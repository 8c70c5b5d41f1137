#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What was typed while the previous command ran, taken before libedit
/// starts reading.
///
/// Between two `el_gets` calls the terminal is in canonical mode, so a Ctrl-D
/// typed then on an empty line is held by the terminal as an end-of-file
/// mark, not as a byte. When libedit switches to raw mode the mark turns into
/// a NUL byte (Linux's n_tty), which libedit reads as Ctrl-Space (set mark):
/// the Ctrl-D was lost. Read first, in canonical mode, and the terminal says
/// what it holds: a complete line, the text before a Ctrl-D, or the
/// end-of-file mark itself (a read of 0 bytes).
enum TypeAhead {
    enum Pending: Equatable {
        /// Nothing typed, or only part of a line (libedit reads that itself).
        case none
        /// Ctrl-D on an empty line.
        case endOfInput
        /// A line typed ahead (with its line break) or the text before a
        /// Ctrl-D: handed to libedit as if typed.
        case text(String)
    }

    /// Takes at most one line (or end-of-file mark) from the terminal at
    /// `descriptor`, without waiting.
    static func take(descriptor: Int32) -> Pending {
        var settings = termios()
        guard tcgetattr(descriptor, &settings) == 0, settings.c_lflag & tcflag_t(ICANON) != 0 else { return .none }
        // In canonical mode, readable means a whole line or an end-of-file
        // mark is waiting; part of a line does not count, so the read below
        // never blocks.
        var waiting = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        guard poll(&waiting, 1, 0) == 1, waiting.revents & Int16(POLLIN) != 0 else { return .none }
        var bytes = [UInt8](repeating: 0, count: 4096)
        let count = bytes.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        if count == 0 { return .endOfInput }
        guard count > 0 else { return .none }
        return .text(String(decoding: bytes[..<count].filter { $0 != 0 }, as: UTF8.self))
    }
}
