import CLibEdit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The process-wide signal handling behind the editor and the single-key
/// reader: the Ctrl-C flag, the terminal restore on a fatal signal (and the
/// process ended with that signal), and a raw terminal given back while
/// the process is suspended.
///
/// Handlers may only touch memory that needs no Swift runtime work at the
/// moment the signal arrives, so everything they read or write lives in
/// buffers allocated once by `prepare()`, which runs before any handler is
/// installed. Installation happens on the editor's thread; the handlers
/// themselves only read and write those buffers and call async-signal-safe
/// functions (`tcsetattr`, `fcntl`, `write`, `sigaction`, `pthread_sigmask`,
/// `pthread_kill`, `raise`).
enum SignalHandlers {
    /// Set by the SIGINT handler, cleared by `Terminal.clearInterrupt()`.
    nonisolated(unsafe) static let interruptFlag = makeBuffer(of: sig_atomic_t(0))

    /// Non-zero while the editor's thread is inside `el_gets`.
    nonisolated(unsafe) static let editing = makeBuffer(of: sig_atomic_t(0))

    /// The thread reading keys, so a Ctrl-C delivered elsewhere can be passed on.
    nonisolated(unsafe) static let editorThread = makeBuffer(of: pthread_self())

    /// The descriptor `el_gets` reads and its file status flags before reading.
    nonisolated(unsafe) static let inputDescriptor = makeBuffer(of: Int32(0))
    nonisolated(unsafe) static let inputFlags = makeBuffer(of: Int32(0))

    /// Non-zero when the SIGINT handler made the input non-blocking.
    nonisolated(unsafe) static let madeNonBlocking = makeBuffer(of: sig_atomic_t(0))

    /// Non-zero once `savedTerminal` holds the terminal settings to restore.
    nonisolated(unsafe) static let terminalSaved = makeBuffer(of: sig_atomic_t(0))

    /// The descriptor whose settings were saved.
    nonisolated(unsafe) static let terminalDescriptor = makeBuffer(of: Int32(-1))

    /// The terminal settings from before the editor first changed them.
    nonisolated(unsafe) static let savedTerminal = makeBuffer(of: termios())

    /// Non-zero while `rawTerminal` is in force (`SingleKeyReader`): a
    /// suspended process puts the saved settings back, and these again when
    /// it is continued.
    nonisolated(unsafe) static let rawActive = makeBuffer(of: sig_atomic_t(0))
    nonisolated(unsafe) static let rawTerminal = makeBuffer(of: termios())

    /// The program's name, NUL-terminated, for the one line a fatal signal
    /// leaves on stderr.
    static let programNameCapacity = 64
    nonisolated(unsafe) static let programName: UnsafeMutablePointer<CChar> = {
        let name = UnsafeMutablePointer<CChar>.allocate(capacity: programNameCapacity)
        name.initialize(repeating: 0, count: programNameCapacity)
        return name
    }()

    /// Signals that end the process and would leave the terminal raw if they
    /// arrived while it was raw: crashes, Swift traps (SIGILL, SIGTRAP),
    /// Ctrl-\, `kill`, and a closed terminal.
    static let fatalSignals: [Int32] = [
        SIGSEGV, SIGABRT, SIGILL, SIGBUS, SIGFPE, SIGTRAP, SIGQUIT, SIGTERM, SIGHUP,
    ]

    /// Only touched on the editor's thread, never by a handler.
    nonisolated(unsafe) private static var interruptHandlerInstalled = false
    nonisolated(unsafe) private static var fatalHandlersInstalled = false
    nonisolated(unsafe) private static var suspendHandlerInstalled = false

    /// Touches every buffer a handler uses, so none is first created inside a handler.
    static func prepare() {
        _ = interruptFlag
        _ = terminalSaved
        _ = terminalDescriptor
        _ = savedTerminal
        _ = rawActive
        _ = rawTerminal
        _ = programName
        _ = editing
        _ = editorThread
        _ = inputDescriptor
        _ = inputFlags
        _ = madeNonBlocking
    }

    /// Marks the start of `el_gets` on this thread, reading `descriptor`.
    ///
    /// libedit only learns of Ctrl-C through a failed `read`. A SIGINT that
    /// lands while libedit is busy between two reads (redrawing, say) would
    /// be lost and the next read would block, so while editing, the handler
    /// also makes the input non-blocking: the next read fails at once and
    /// `el_gets` returns. `endEditing()` puts the flags back.
    static func beginEditing(descriptor: Int32) {
        prepare()
        inputDescriptor.pointee = descriptor
        inputFlags.pointee = fcntl(descriptor, F_GETFL)
        editorThread.pointee = pthread_self()
        cle_flag_store(madeNonBlocking, 0)
        cle_flag_store(editing, 1)
    }

    /// Marks the end of `el_gets`, undoing what the SIGINT handler did to the input.
    static func endEditing() {
        cle_flag_store(editing, 0)
        restoreInputFlags()
    }

    /// Async-signal-safe: also used by the fatal-signal handler.
    static func restoreInputFlags() {
        guard cle_flag_load(madeNonBlocking) != 0 else { return }
        _ = fcntl(inputDescriptor.pointee, F_SETFL, inputFlags.pointee)
        cle_flag_store(madeNonBlocking, 0)
    }

    /// Installs the SIGINT handler that sets `interruptFlag`, without
    /// SA_RESTART so a blocked read (libedit's included) returns EINTR.
    ///
    /// Leaves an ignored SIGINT ignored, as shells do for background jobs.
    static func installInterruptHandler() {
        guard !interruptHandlerInstalled else { return }
        interruptHandlerInstalled = true
        prepare()
        var action = sigaction()
        action.setHandler(noteInterrupt)
        sigemptyset(&action.sa_mask)
        action.sa_flags = 0
        var previous = sigaction()
        sigaction(SIGINT, &action, &previous)
        if previous.isIgnored {
            sigaction(SIGINT, &previous, nil)
        }
    }

    /// Remembers the settings of `descriptor` (a terminal) as the ones to
    /// put back if the process dies, and installs the handlers that do it.
    static func protectTerminal(descriptor: Int32) {
        prepare()
        installFatalHandlers()
        guard cle_flag_load(terminalSaved) == 0 else { return }
        guard tcgetattr(descriptor, savedTerminal) == 0 else { return }
        terminalDescriptor.pointee = descriptor
        cle_flag_store(terminalSaved, 1)
    }

    /// Names the program in the line a fatal signal leaves (at most 63 bytes).
    static func setProgramName(_ name: String) {
        prepare()
        let bytes = Array(name.utf8.prefix(programNameCapacity - 1))
        for (index, byte) in bytes.enumerated() { programName[index] = CChar(bitPattern: byte) }
        programName[bytes.count] = 0
    }

    /// Installs the handlers that end the process on a fatal signal: the
    /// terminal put back (once `protectTerminal` saved it), one line on
    /// stderr, then the signal's default action, so the exit status says
    /// which signal it was.
    ///
    /// The Swift runtime's backtracer is not chained to on purpose: on a
    /// terminal it waits 30 seconds for a key, and after a `kill -SEGV` (no
    /// fault to re-execute) it returns and the process carries on as if
    /// nothing happened. Idempotent; a signal that was ignored stays ignored.
    static func installFatalHandlers() {
        guard !fatalHandlersInstalled else { return }
        fatalHandlersInstalled = true
        prepare()
        for signal in fatalSignals {
            var action = sigaction()
            action.setHandler(restoreTerminalAndEnd)
            sigemptyset(&action.sa_mask)
            action.sa_flags = 0
            var previous = sigaction()
            sigaction(signal, &action, &previous)
            // nohup and friends ignore SIGHUP on purpose: keep it that way.
            if previous.isIgnored {
                sigaction(signal, &previous, nil)
            }
        }
    }

    /// Puts `settings` on the protected terminal for as long as the caller
    /// reads single keys, and makes Ctrl-Z (SIGTSTP) give the terminal back
    /// while stopped and take these again on `fg`.
    static func enterRaw(_ settings: termios, descriptor: Int32) -> Bool {
        protectTerminal(descriptor: descriptor)
        installSuspendHandler()
        rawTerminal.pointee = settings
        cle_flag_store(rawActive, 1)
        guard tcsetattr(descriptor, TCSANOW, rawTerminal) == 0 else {
            cle_flag_store(rawActive, 0)
            return false
        }
        return true
    }

    /// Ends `enterRaw`: the terminal gets `settings` back.
    static func leaveRaw(_ settings: termios, descriptor: Int32) {
        cle_flag_store(rawActive, 0)
        var settings = settings
        _ = tcsetattr(descriptor, TCSANOW, &settings)
    }

    private static func installSuspendHandler() {
        guard !suspendHandlerInstalled else { return }
        suspendHandlerInstalled = true
        var action = sigaction()
        action.setHandler(suspendRestoringTerminal)
        sigemptyset(&action.sa_mask)
        action.sa_flags = 0
        var previous = sigaction()
        sigaction(SIGTSTP, &action, &previous)
        if previous.isIgnored { sigaction(SIGTSTP, &previous, nil) }
    }

    static func makeBuffer<Value>(of value: Value) -> UnsafeMutablePointer<Value> {
        let buffer = UnsafeMutablePointer<Value>.allocate(capacity: 1)
        buffer.initialize(to: value)
        return buffer
    }
}

/// The SIGINT handler: records the request and, while the editor reads,
/// makes sure its `el_gets` returns.
///
/// A process-directed signal may run on any thread that does not block it;
/// only a signal on the editor's own thread interrupts its `read`, so one
/// caught elsewhere is sent on to that thread.
private func noteInterrupt(_ signal: Int32) {
    let savedErrno = errno
    cle_flag_store(SignalHandlers.interruptFlag, 1)
    if cle_flag_load(SignalHandlers.editing) != 0 {
        let editor = SignalHandlers.editorThread.pointee
        if pthread_equal(pthread_self(), editor) == 0 {
            pthread_kill(editor, SIGINT)
        } else if cle_flag_load(SignalHandlers.madeNonBlocking) == 0 {
            let descriptor = SignalHandlers.inputDescriptor.pointee
            _ = fcntl(descriptor, F_SETFL, SignalHandlers.inputFlags.pointee | O_NONBLOCK)
            cle_flag_store(SignalHandlers.madeNonBlocking, 1)
        }
    }
    errno = savedErrno
}

/// The fatal-signal handler: puts the terminal back, says in one line what
/// happened, then ends the process with the signal's default action.
///
/// Only async-signal-safe calls: `fcntl`, `tcsetattr`, `write`, `sigaction`,
/// `pthread_sigmask`, `raise`; the words are static strings.
private func restoreTerminalAndEnd(_ signal: Int32) {
    SignalHandlers.restoreInputFlags()
    let interactive = cle_flag_load(SignalHandlers.terminalSaved) != 0
    if interactive {
        _ = tcsetattr(
            SignalHandlers.terminalDescriptor.pointee, TCSANOW, SignalHandlers.savedTerminal)
    }
    // A raw terminal left the cursor wherever it was: start a fresh line.
    if interactive { writeError("\n") }
    if SignalHandlers.programName.pointee != 0 {
        _ = write(2, SignalHandlers.programName, strlen(SignalHandlers.programName))
        writeError(": ")
    }
    writeError("ended by a signal: ")
    writeError(describe(signal))
    writeError("\n")
    var fallback = sigaction()
    sigemptyset(&fallback.sa_mask)
    sigaction(signal, &fallback, nil)
    var pending = sigset_t()
    sigemptyset(&pending)
    sigaddset(&pending, signal)
    raise(signal)
    // Blocked while this handler runs: unblocking delivers it, and the
    // default action ends the process here.
    pthread_sigmask(SIG_UNBLOCK, &pending, nil)
}

/// What a fatal signal means, in words a user reads.
private func describe(_ signal: Int32) -> StaticString {
    switch signal {
    case SIGSEGV: "segmentation fault (SIGSEGV)"
    case SIGABRT: "aborted (SIGABRT)"
    case SIGILL: "illegal instruction, as a Swift runtime trap raises (SIGILL)"
    case SIGBUS: "bus error (SIGBUS)"
    case SIGFPE: "arithmetic error (SIGFPE)"
    case SIGTRAP: "trace trap (SIGTRAP)"
    case SIGQUIT: "quit (SIGQUIT)"
    case SIGTERM: "terminated (SIGTERM)"
    case SIGHUP: "hang-up: the terminal went away (SIGHUP)"
    default: "a fatal signal"
    }
}

private func writeError(_ text: StaticString) {
    _ = write(2, text.utf8Start, text.utf8CodeUnitCount)
}

/// The SIGTSTP handler while single keys are read: gives the terminal back,
/// stops, and on `fg` takes the raw settings again.
private func suspendRestoringTerminal(_ signal: Int32) {
    let savedErrno = errno
    let raw = cle_flag_load(SignalHandlers.rawActive) != 0
    let descriptor = SignalHandlers.terminalDescriptor.pointee
    if raw, cle_flag_load(SignalHandlers.terminalSaved) != 0 {
        _ = tcsetattr(descriptor, TCSANOW, SignalHandlers.savedTerminal)
    }
    var stop = sigaction()
    sigemptyset(&stop.sa_mask)
    sigaction(SIGTSTP, &stop, nil)
    var only = sigset_t()
    sigemptyset(&only)
    sigaddset(&only, SIGTSTP)
    raise(SIGTSTP)
    // Stopped here until SIGCONT.
    pthread_sigmask(SIG_UNBLOCK, &only, nil)
    pthread_sigmask(SIG_BLOCK, &only, nil)
    var again = sigaction()
    again.setHandler(suspendRestoringTerminal)
    sigemptyset(&again.sa_mask)
    sigaction(SIGTSTP, &again, nil)
    if raw, cle_flag_load(SignalHandlers.rawActive) != 0 {
        _ = tcsetattr(descriptor, TCSANOW, SignalHandlers.rawTerminal)
    }
    errno = savedErrno
}

extension sigaction {
    /// Sets a plain one-argument handler, hiding the platform's union.
    fileprivate mutating func setHandler(_ handler: @escaping @convention(c) (Int32) -> Void) {
        #if canImport(Glibc)
            __sigaction_handler.sa_handler = handler
        #else
            __sigaction_u.__sa_handler = handler
        #endif
    }

    /// Whether this action ignores the signal (SIG_IGN is the handler value 1).
    fileprivate var isIgnored: Bool {
        guard flags & SA_SIGINFO == 0 else { return false }
        #if canImport(Glibc)
            let handler = __sigaction_handler.sa_handler
        #else
            let handler = __sigaction_u.__sa_handler
        #endif
        return unsafeBitCast(handler, to: Int.self) == 1
    }

    private var flags: Int32 { Int32(truncatingIfNeeded: sa_flags) }
}
