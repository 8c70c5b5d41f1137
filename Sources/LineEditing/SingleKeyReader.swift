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
public final class SingleKeyReader {
    private let descriptor: Int32
    private var saved: termios?

    /// Puts the terminal at `descriptor` in raw mode; nil when it is not a terminal.
    public init?(descriptor: Int32 = 0) {
        var settings = termios()
        guard isatty(descriptor) == 1, tcgetattr(descriptor, &settings) == 0 else { return nil }
        self.descriptor = descriptor
        let original = settings
        settings.c_lflag &= ~tcflag_t(ICANON | ECHO | ISIG)
        withUnsafeMutableBytes(of: &settings.c_cc) { cc in
            cc[Int(VMIN)] = 1
            cc[Int(VTIME)] = 0
        }
        SignalHandlers.installInterruptHandler()
        guard SignalHandlers.enterRaw(settings, descriptor: descriptor) else { return nil }
        self.saved = original
    }

    deinit {
        restore()
    }

    /// Puts the terminal back as it was; reading afterwards still works, in
    /// whatever mode the terminal is then.
    public func restore() {
        guard let settings = saved else { return }
        saved = nil
        SignalHandlers.leaveRaw(settings, descriptor: descriptor)
    }

    /// The next byte typed; 3 (Ctrl-C) when SIGINT arrived; nil at the end of
    /// the input (the terminal went away).
    public func nextByte() -> UInt8? {
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
}
