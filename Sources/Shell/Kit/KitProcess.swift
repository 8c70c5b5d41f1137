import Experiments

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The programs the kit runs: the toolchain's `swift build`, and the
/// `bindlab` it builds, which grades.
enum KitProcess {
    /// `program` on the `PATH` (the toolchain's `/opt/swift/usr/bin` after
    /// it, where the README installs it); nil when it is nowhere.
    static func find(_ program: String, path: String?) -> String? {
        let folders = (path ?? "").split(separator: ":").map(String.init) + ["/opt/swift/usr/bin", "/usr/bin"]
        return folders.map { $0 + "/" + program }.first { access($0, X_OK) == 0 }
    }

    /// Runs `path` with `arguments`, its stdout and stderr captured as they
    /// came, and waits for it.
    static func capture(_ path: String, _ arguments: [String]) throws(ShellError) -> (ChildProcess.Ending, [String]) {
        var child = try ChildProcess(path: path, arguments: arguments, capturesErrors: true)
        var text = ""
        child.readUntilClosed { chunk, _ in text += chunk }
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        return (child.wait(), lines)
    }

    /// Runs `path` with `arguments` on this process's terminal (its stdin,
    /// stdout and stderr), and waits for it.
    static func run(_ path: String, _ arguments: [String]) throws(ShellError) -> ChildProcess.Ending {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        let argv: [UnsafeMutablePointer<CChar>?] = ([name] + arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid = pid_t()
        let started = posix_spawn(&pid, path, nil, nil, argv, processEnvironment)
        guard started == 0 else {
            throw .actionFailed(reason: "cannot start \(path): \(String(cString: strerror(started)))")
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            guard errno == EINTR else { return .exited(-1) }
        }
        let signal = status & 0x7F
        return signal == 0 ? .exited((status >> 8) & 0xFF) : .signalled(signal)
    }

    /// "SIGILL (a Swift runtime trap: a force unwrap of nil, an index out of range…)".
    static func describe(signal: Int32) -> String {
        switch signal {
        case SIGILL, SIGTRAP: "a Swift runtime trap (a force unwrap of nil, an index out of range, a fatalError…)"
        case SIGSEGV, SIGBUS: "a memory fault (an unowned reference to an object that is gone, perhaps)"
        case SIGABRT: "an abort"
        case SIGINT: "Ctrl-C"
        default: "signal \(signal)"
        }
    }
}
