#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Single key presses from a terminal: non-canonical mode without echo or
/// signal keys, so a key counts without Enter, does not show, and Ctrl-C or
/// Ctrl-D arrive as bytes.
///
/// The terminal is protected as the editor's is: a fatal signal (`kill`,
/// SIGHUP, a crash) puts it back before the process ends, Ctrl-Z from
/// another terminal (`kill -TSTP`) gives it back while stopped and takes raw
/// mode again on `fg`, and a SIGINT sent with `kill` reads as Ctrl-C.
///
/// A Ctrl-D typed while the terminal was still canonical (as `present`
/// starts, or while the live prompt's editor had it) is kept as the editor
/// keeps it (`TypeAhead`): the end-of-file character is made ordinary and
/// what the terminal holds is read before canonical mode goes off, so no
/// end-of-file mark is left to turn into a NUL; a mark read there is a
/// Ctrl-D (4).
public final class SingleKeyReader {
    private let descriptor: Int32
    /// The settings before raw mode, put back by `restore` and `suspend`.
    private let original: termios
    private let raw: termios
    /// Whether raw mode is on now.
    private var active = false
    /// Whether `restore` was called: raw mode is not taken again.
    private var restored = false
    /// Keys read out of the terminal's queue before raw mode went on.
    private var pending: [UInt8] = []

    /// Puts the terminal at `descriptor` in raw mode; nil when it is not a terminal.
    public init?(descriptor: Int32 = 0) {
        var settings = termios()
        guard isatty(descriptor) == 1, tcgetattr(descriptor, &settings) == 0 else { return nil }
        self.descriptor = descriptor
        self.original = settings
        settings.c_lflag &= ~tcflag_t(ICANON | ECHO | ISIG)
        withUnsafeMutableBytes(of: &settings.c_cc) { cc in
            cc[Int(VMIN)] = 1
            cc[Int(VTIME)] = 0
        }
        self.raw = settings
        SignalHandlers.installInterruptHandler()
        // The settings a fatal signal puts back: the user's, before the
        // end-of-file character is made ordinary below.
        SignalHandlers.protectTerminal(descriptor: descriptor)
        guard enterRaw() else { return nil }
    }

    deinit {
        restore()
    }

    /// Puts the terminal back as it was; reading afterwards still works, in
    /// whatever mode the terminal is then.
    public func restore() {
        restored = true
        leaveRaw()
    }

    /// Gives the terminal back as it was, for something else to read it
    /// (an editor), until `resume`.
    public func suspend() {
        leaveRaw()
    }

    /// Takes raw mode again after `suspend`.
    public func resume() {
        guard !restored, !active else { return }
        _ = enterRaw()
    }

    /// The next byte typed; 3 (Ctrl-C) when SIGINT arrived; nil at the end of
    /// the input (the terminal went away).
    public func nextByte() -> UInt8? {
        if !pending.isEmpty { return pending.removeFirst() }
        var byte: UInt8 = 0
        while true {
            if Terminal.interruptRequested {
                Terminal.clearInterrupt()
                return 3
            }
            // While "editing", a SIGINT makes the read return at once.
            SignalHandlers.beginEditing(descriptor: descriptor)
            let count = read(descriptor, &byte, 1)
            let failure = errno
            SignalHandlers.endEditing()
            if count == 1 { return byte }
            if count < 0, failure == EINTR || failure == EAGAIN { continue }
            return nil
        }
    }

    private func enterRaw() -> Bool {
        // While canonical mode is still on: see TypeAhead.
        var typed = TypeAhead()
        typed.collect(descriptor: descriptor)
        pending += typed.keys
        active = SignalHandlers.enterRaw(raw, descriptor: descriptor)
        return active
    }

    private func leaveRaw() {
        guard active else { return }
        active = false
        SignalHandlers.leaveRaw(original, descriptor: descriptor)
    }
}
