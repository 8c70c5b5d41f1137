#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What was typed while the previous command ran, taken before libedit
/// starts reading, so that no key is lost when libedit switches the terminal
/// out of canonical mode.
///
/// Between two `el_gets` calls the terminal is in canonical mode. There a
/// Ctrl-D on an empty line is not kept as a byte but as an end-of-file mark,
/// and when canonical mode is turned off, Linux's line discipline turns each
/// mark still waiting into a NUL byte. libedit binds NUL (`^@`) to
/// ed-quoted-insert, as `^V`, so such a Ctrl-D did nothing visible and made
/// the next key, Ctrl-L say, go in as a literal character; the line no
/// longer empty, a second Ctrl-D only beeped. Reading what the terminal held before `el_gets` was not
/// enough: a Ctrl-D pressed after that read and before libedit turned
/// canonical mode off was still made a mark, then a NUL (issue 22).
///
/// So `collect` first makes the end-of-file character an ordinary one while
/// the editor owns the terminal — from then on a Ctrl-D is a plain 0x04 byte
/// in any mode, which libedit reads as the key it is — and only then reads
/// what the terminal holds: the marks made before, and whole lines. Nothing
/// turns canonical mode off in between, so no mark is left to be turned into
/// a NUL. libedit takes the change as the user's (it believes what changed
/// in cooked mode) and keeps it when it puts cooked mode back after each
/// line; `el_end`, and the fatal-signal handler, give the terminal its
/// settings from before the editor, the end-of-file character included.
struct TypeAhead {
    /// What `collect` read and libedit has not been given yet, as keys: an
    /// end-of-file mark is a Ctrl-D (0x04).
    private(set) var keys: [UInt8] = []

    static let ctrlD: UInt8 = 0x04

    /// The most reads one `collect` makes: Linux's input queue holds 4096
    /// bytes, and each read takes at least one (a mark takes one), so after
    /// this many every mark made before the end-of-file character was
    /// disabled has been read, even if keys keep arriving meanwhile.
    static let maximumReads = 4097

    /// Makes the end-of-file character of the terminal at `descriptor`
    /// ordinary, then takes every whole line and end-of-file mark it holds,
    /// without waiting. Does nothing unless the terminal is in canonical mode.
    ///
    /// - Complexity: O(bytes waiting).
    mutating func collect(descriptor: Int32) {
        var settings = termios()
        guard tcgetattr(descriptor, &settings) == 0, settings.c_lflag & tcflag_t(ICANON) != 0 else { return }
        Self.disableEndOfFile(descriptor: descriptor, settings: &settings)
        var chunk = [UInt8](repeating: 0, count: 4096)
        for _ in 0..<Self.maximumReads {
            // In canonical mode, readable means a whole line or a mark is
            // waiting; part of a line does not count, so the read below
            // never blocks, and libedit reads that part itself.
            var waiting = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&waiting, 1, 0) == 1, waiting.revents & Int16(POLLIN | POLLHUP) != 0 else { return }
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count > 0 {
                // A NUL cannot be handed to libedit (`el_push` takes a C string).
                keys.append(contentsOf: chunk[..<count].lazy.filter { $0 != 0 })
            } else if count == 0 {
                keys.append(Self.ctrlD)
                // A terminal that hung up reads as end of file for ever.
                if waiting.revents & Int16(POLLHUP) != 0 { return }
            } else if errno != EINTR {
                return
            }
        }
    }

    /// The keys to hand libedit for the next line: a Ctrl-D that starts a
    /// line alone (it ends the input there), else everything up to and
    /// including the first line break, or all that is left when there is
    /// none. libedit takes all of it before it reads the terminal again, so
    /// what is typed later comes after it.
    mutating func next() -> [UInt8]? {
        guard let first = keys.first else { return nil }
        let end: Int
        if first == Self.ctrlD {
            end = 1
        } else if let lineBreak = keys.firstIndex(where: { $0 == UInt8(ascii: "\n") || $0 == UInt8(ascii: "\r") }) {
            end = lineBreak + 1
        } else {
            end = keys.count
        }
        defer { keys.removeFirst(end) }
        return Array(keys[..<end])
    }

    /// Sets the terminal's end-of-file character to "disabled", unless it is
    /// already; `settings` are the terminal's current ones.
    private static func disableEndOfFile(descriptor: Int32, settings: inout termios) {
        let disabled = fpathconf(descriptor, Int32(_PC_VDISABLE))
        guard disabled >= 0 else { return }
        let changed = withUnsafeMutableBytes(of: &settings.c_cc) { characters -> Bool in
            guard characters[Int(VEOF)] != UInt8(truncatingIfNeeded: disabled) else { return false }
            characters[Int(VEOF)] = UInt8(truncatingIfNeeded: disabled)
            return true
        }
        // TCSANOW: nothing waiting is flushed, and the output need not drain.
        if changed { _ = tcsetattr(descriptor, TCSANOW, &settings) }
    }
}
