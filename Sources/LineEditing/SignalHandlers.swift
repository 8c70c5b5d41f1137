import CLibEdit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The process-wide signal handling behind the editor: the Ctrl-C flag and
/// the terminal restore on a crash.
///
/// Handlers may only touch memory that needs no Swift runtime work at the
/// moment the signal arrives, so everything they read or write lives in
/// buffers allocated once by `prepare()`, which runs before any handler is
/// installed. Installation happens on the editor's thread; the handlers
/// themselves only read and write those buffers and call async-signal-safe
/// functions (`tcsetattr`, `fcntl`, `sigaction`, `pthread_kill`, `raise`).
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

    /// The actions that were in place before ours, one per fatal signal, so a
    /// crash still reaches the Swift runtime's backtracer (or the default).
    nonisolated(unsafe) static let previousActions: UnsafeMutablePointer<sigaction> = {
        let actions = UnsafeMutablePointer<sigaction>.allocate(capacity: fatalSignals.count)
        actions.initialize(repeating: sigaction(), count: fatalSignals.count)
        return actions
    }()

    /// Signals that end the process and would leave the terminal raw if they
    /// arrived while libedit was reading: crashes, Swift traps (SIGILL),
    /// `kill`, and a closed terminal.
    static let fatalSignals: [Int32] = [SIGSEGV, SIGABRT, SIGILL, SIGBUS, SIGFPE, SIGTERM, SIGHUP]

    /// Only touched on the editor's thread, never by a handler.
    nonisolated(unsafe) private static var interruptHandlerInstalled = false
    nonisolated(unsafe) private static var fatalHandlersInstalled = false

    /// Touches every buffer a handler uses, so none is first created inside a handler.
    static func prepare() {
        _ = interruptFlag
        _ = terminalSaved
        _ = terminalDescriptor
        _ = savedTerminal
        _ = previousActions
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
        guard cle_flag_load(terminalSaved) == 0 else { return }
        guard tcgetattr(descriptor, savedTerminal) == 0 else { return }
        terminalDescriptor.pointee = descriptor
        cle_flag_store(terminalSaved, 1)
        installFatalHandlers()
    }

    private static func installFatalHandlers() {
        guard !fatalHandlersInstalled else { return }
        fatalHandlersInstalled = true
        for (slot, signal) in fatalSignals.enumerated() {
            var action = sigaction()
            action.setHandler(restoreTerminalAndReraise)
            sigemptyset(&action.sa_mask)
            action.sa_flags = 0
            sigaction(signal, &action, previousActions + slot)
            // nohup and friends ignore SIGHUP on purpose: keep it that way.
            if previousActions[slot].isIgnored {
                sigaction(signal, previousActions + slot, nil)
            }
        }
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

/// The fatal-signal handler: puts the terminal back, then lets the signal do
/// what it would have done without us.
///
/// The signal is blocked while this runs, so `raise` leaves it pending and it
/// is delivered to the previous action as soon as this handler returns.
private func restoreTerminalAndReraise(_ signal: Int32) {
    let savedErrno = errno
    SignalHandlers.restoreInputFlags()
    if cle_flag_load(SignalHandlers.terminalSaved) != 0 {
        _ = tcsetattr(
            SignalHandlers.terminalDescriptor.pointee, TCSANOW, SignalHandlers.savedTerminal)
    }
    // The slots follow `SignalHandlers.fatalSignals`; a switch rather than an
    // array lookup keeps the handler free of runtime calls.
    var slot = -1
    switch signal {
    case SIGSEGV: slot = 0
    case SIGABRT: slot = 1
    case SIGILL: slot = 2
    case SIGBUS: slot = 3
    case SIGFPE: slot = 4
    case SIGTERM: slot = 5
    case SIGHUP: slot = 6
    default: break
    }
    if slot >= 0 {
        sigaction(signal, SignalHandlers.previousActions + slot, nil)
    } else {
        var fallback = sigaction()
        sigaction(signal, &fallback, nil)
    }
    raise(signal)
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
