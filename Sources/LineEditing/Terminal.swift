import CLibEdit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Facts about the terminal, and the Ctrl-C flag the shell polls.
public enum Terminal {
    /// Whether line editing makes sense: both `input` and `output` are terminals.
    ///
    /// With output redirected, libedit turns editing off even on a terminal
    /// input, so such runs read plain lines (`PlainLineReader`) instead.
    public static func isInteractive(input: Int32 = 0, output: Int32 = 1) -> Bool {
        isatty(input) == 1 && isatty(output) == 1
    }

    /// The width of the terminal on `output` in columns, or nil when it is not
    /// a terminal or reports no size.
    public static func columns(output: Int32 = 1) -> Int? {
        var size = winsize()
        guard ioctl(output, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
        return Int(size.ws_col)
    }

    /// Whether Ctrl-C was pressed since the flag was last cleared.
    ///
    /// The SIGINT handler (installed by `LibEditLineEditor`, or by
    /// `catchInterrupts()`) replaces the default "kill the process", so a long
    /// command should poll this between steps and stop early when it is set,
    /// then call `clearInterrupt()`. `LibEditLineEditor.readLine(prompt:)`
    /// clears it itself when it starts reading, and a Ctrl-C while the user
    /// types is reported as `.interrupted` rather than through this flag.
    /// Reading it is one atomic load: cheap enough for a tight loop.
    public static var interruptRequested: Bool {
        cle_flag_load(SignalHandlers.interruptFlag) != 0
    }

    /// Forgets an earlier Ctrl-C, once it has been acted on.
    public static func clearInterrupt() {
        cle_flag_store(SignalHandlers.interruptFlag, 0)
    }

    /// Makes a fatal signal (a crash, a Swift trap, `kill`, a closed
    /// terminal) end the process promptly with that signal's status, after
    /// one line on stderr naming it — and after putting the terminal back,
    /// once an editor or a `SingleKeyReader` has changed it.
    ///
    /// Process-wide and idempotent; the editor and the key reader install it
    /// themselves. Call it early in `main` so that the same holds when no
    /// terminal is involved.
    public static func handleFatalSignals(programName: String) {
        SignalHandlers.setProgramName(programName)
        SignalHandlers.installFatalHandlers()
    }

    /// Makes Ctrl-C set `interruptRequested` instead of ending the process.
    ///
    /// The editor does this itself; call it when reading plain lines but still
    /// wanting Ctrl-C to stop a running command. Process-wide, idempotent and
    /// never undone. An ignored SIGINT (a background job) stays ignored.
    public static func catchInterrupts() {
        SignalHandlers.installInterruptHandler()
    }
}
