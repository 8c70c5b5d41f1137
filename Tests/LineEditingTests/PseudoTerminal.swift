import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A program running on a pseudo-terminal, driven as a user would: keys in,
/// screen bytes out. Every wait is bounded, and the program is killed if a
/// test ends without reaping it.
final class PseudoTerminal {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    let pid: pid_t
    private let master: Int32
    private var output: [UInt8] = []
    /// Where the next `expect` starts looking, so each expectation consumes
    /// the output it matched and a later one cannot match the same text.
    private var searchFrom = 0
    private var exited = false

    /// `POSIX_SPAWN_SETSID`: glibc's value (the macro is a GNU extension that
    /// Swift's Glibc module does not import), or Darwin's `<spawn.h>`'s.
    #if canImport(Darwin)
        private static let spawnSetsid: Int32 = 0x400
    #else
        private static let spawnSetsid: Int32 = 0x80
    #endif

    /// Starts `executable` as the leader of a new session whose controlling
    /// terminal is the slave side, with an empty signal mask and default
    /// signal handlers (a test runner thread blocks SIGINT, and a spawned child
    /// would inherit that).
    init(executable: String, arguments extra: [String] = [], environment: [String: String], columns: UInt16 = 80)
        throws
    {
        var master: Int32 = -1
        var slave: Int32 = -1
        var size = winsize(ws_row: 24, ws_col: columns, ws_xpixel: 0, ws_ypixel: 0)
        guard openpty(&master, &slave, nil, nil, &size) == 0 else {
            throw Failure(description: "openpty failed: \(String(cString: strerror(errno)))")
        }
        // Keep both ends out of programs other tests spawn meanwhile.
        _ = fcntl(master, F_SETFD, FD_CLOEXEC)
        _ = fcntl(slave, F_SETFD, FD_CLOEXEC)
        defer { close(slave) }
        var name = [CChar](repeating: 0, count: 256)
        guard ttyname_r(slave, &name, name.count) == 0 else {
            close(master)
            throw Failure(description: "ttyname_r failed")
        }

        // A struct in Glibc, an opaque pointer that _init allocates in Darwin.
        #if canImport(Darwin)
            var actions: posix_spawn_file_actions_t? = nil
            var attributes: posix_spawnattr_t? = nil
        #else
            var actions = posix_spawn_file_actions_t()
            var attributes = posix_spawnattr_t()
        #endif
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        // Opening the terminal after setsid makes it the controlling one, so
        // Ctrl-C on the master raises SIGINT in the child.
        posix_spawn_file_actions_addopen(&actions, 0, name, O_RDWR, 0)
        posix_spawn_file_actions_adddup2(&actions, 0, 1)
        posix_spawn_file_actions_adddup2(&actions, 0, 2)

        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        var allSignals = sigset_t()
        sigfillset(&allSignals)
        posix_spawnattr_setsigdefault(&attributes, &allSignals)
        posix_spawnattr_setflags(
            &attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF | Self.spawnSetsid))

        let arguments = [executable] + extra
        let variables = environment.map { "\($0.key)=\($0.value)" }
        var pid: pid_t = 0
        let status = withCStrings(arguments) { argv in
            withCStrings(variables) { envp in
                posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
            }
        }
        guard status == 0 else {
            close(master)
            throw Failure(description: "posix_spawn \(executable): \(String(cString: strerror(status)))")
        }
        self.pid = pid
        self.master = master
    }

    deinit {
        if !exited {
            kill(pid, SIGKILL)
            var status: Int32 = 0
            waitpid(pid, &status, 0)
        }
        close(master)
    }

    /// Everything the program wrote so far, as text.
    var screen: String { String(decoding: output, as: UTF8.self) }

    /// Waits until the program's terminal leaves canonical mode: libedit is
    /// reading keys. Keys sent before that would be echoed and line-buffered
    /// by the terminal instead.
    func waitForEditing(timeout: Duration = .seconds(10)) throws {
        let deadline = ContinuousClock.now + timeout
        while true {
            var settings = termios()
            if tcgetattr(master, &settings) == 0, settings.c_lflag & tcflag_t(ICANON) == 0 { return }
            guard ContinuousClock.now < deadline else {
                throw Failure(description: "the program never started editing; screen so far:\n\(screen)")
            }
            drain(for: .milliseconds(5))
        }
    }

    /// Whether the terminal is back in canonical mode.
    var isCanonical: Bool {
        var settings = termios()
        return tcgetattr(master, &settings) == 0 && settings.c_lflag & tcflag_t(ICANON) != 0
    }

    /// The terminal's end-of-file character (`VEOF`): ^D (4) as `openpty` makes it.
    var endOfFileCharacter: UInt8 {
        var settings = termios()
        _ = tcgetattr(master, &settings)
        return withUnsafeBytes(of: settings.c_cc) { $0[Int(VEOF)] }
    }

    /// Types `keys` once the program is editing.
    func type(_ keys: String) throws {
        try waitForEditing()
        try send(keys)
    }

    /// Writes `keys` now, whatever the program is doing.
    func send(_ keys: String) throws {
        var bytes = Array(keys.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
            if written < 0, errno == EINTR { continue }
            guard written > 0 else {
                throw Failure(description: "write to the terminal failed: \(String(cString: strerror(errno)))")
            }
            bytes = bytes.dropFirst(written)
        }
    }

    /// Resizes the terminal, as a user dragging its window does: the kernel
    /// sends SIGWINCH to the program.
    func resize(columns: UInt16, rows: UInt16 = 24) throws {
        var size = winsize(ws_row: rows, ws_col: columns, ws_xpixel: 0, ws_ypixel: 0)
        guard ioctl(master, UInt(TIOCSWINSZ), &size) == 0 else {
            throw Failure(description: "TIOCSWINSZ failed: \(String(cString: strerror(errno)))")
        }
    }

    /// Waits until `text` appears in the output after what earlier
    /// expectations matched; returns the output up to and including it.
    @discardableResult
    func expect(_ text: String, timeout: Duration = .seconds(10)) throws -> String {
        let needle = Array(text.utf8)
        let deadline = ContinuousClock.now + timeout
        while true {
            if let range = find(needle) {
                let seen = String(decoding: output[searchFrom..<range.upperBound], as: UTF8.self)
                searchFrom = range.upperBound
                return seen
            }
            guard ContinuousClock.now < deadline else {
                throw Failure(
                    description: "timed out waiting for \(text.debugDescription); output:\n\(screen.debugDescription)")
            }
            if !drain(for: .milliseconds(50)), exited || hasExited() {
                drain(for: .zero)
                if find(needle) == nil {
                    throw Failure(
                        description:
                            "the program ended before \(text.debugDescription); output:\n\(screen.debugDescription)")
                }
            }
        }
    }

    /// Waits for the program to end and returns its exit code, or minus the
    /// signal that ended it.
    func waitForExit(timeout: Duration = .seconds(10)) throws -> Int32 {
        let deadline = ContinuousClock.now + timeout
        while true {
            var status: Int32 = 0
            let reaped = waitpid(pid, &status, WNOHANG)
            if reaped == pid {
                exited = true
                let signal = status & 0x7F
                return signal == 0 ? (status >> 8) & 0xFF : -signal
            }
            guard ContinuousClock.now < deadline else {
                throw Failure(description: "the program did not exit; output:\n\(screen.debugDescription)")
            }
            drain(for: .milliseconds(20))
        }
    }

    private func hasExited() -> Bool {
        var status: Int32 = 0
        if waitpid(pid, &status, WNOHANG) == pid {
            exited = true
            return true
        }
        return false
    }

    private func find(_ needle: [UInt8]) -> Range<Int>? {
        guard !needle.isEmpty, output.count - searchFrom >= needle.count else { return nil }
        for start in searchFrom...(output.count - needle.count)
        where output[start..<start + needle.count].elementsEqual(needle) {
            return start..<start + needle.count
        }
        return nil
    }

    /// Reads what is available within `duration`; returns whether anything came.
    @discardableResult
    private func drain(for duration: Duration) -> Bool {
        var got = false
        var wait = Int32(duration / .milliseconds(1))
        while true {
            var descriptor = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
            guard poll(&descriptor, 1, wait) > 0 else { return got }
            var chunk = [UInt8](repeating: 0, count: 4096)
            let count = chunk.withUnsafeMutableBytes { read(master, $0.baseAddress, $0.count) }
            // EIO: every slave descriptor is closed, the program is gone.
            guard count > 0 else { return got }
            output.append(contentsOf: chunk[..<count])
            got = true
            wait = 0
        }
    }
}

/// Calls `body` with a NULL-terminated C array of `strings`.
private func withCStrings<Result>(
    _ strings: [String], _ body: ([UnsafeMutablePointer<CChar>?]) -> Result
) -> Result {
    let pointers = strings.map { strdup($0) } + [nil]
    defer { pointers.forEach { free($0) } }
    return body(pointers)
}
