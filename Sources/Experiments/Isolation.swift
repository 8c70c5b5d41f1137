import BindingKit
import Playground
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The parts of experiments that may trap — an `unowned` reference read
/// after its object died, the 2015 article's `fatalError` for a second
/// command on one button, Swift's exclusivity check — run in a process of
/// their own, where a trap cannot take the playground down: the running
/// bindlab (or the bindlab built beside the running program) started again
/// as `bindlab __probe-child BACKEND JOB`, which runs that one job on fresh
/// worlds, prints what it found and exits. The parent reads how it ended:
/// what the job printed, or the signal that ended it and the runtime's
/// message ("would crash: …").
public enum Isolation {
    /// The hidden subcommand the child is started with (not in the usage).
    public static let subcommand = "__probe-child"

    /// How a job ended.
    enum Outcome: Equatable, Sendable {
        /// It ran to its end: what it printed, a line a cell or note.
        case finished([String])
        /// The backend cannot take part: why.
        case refused(String)
        /// It trapped: the runtime's message (addresses left out) and the signal.
        case trapped(message: String, signal: Int32)
        /// No child could be started: why.
        case unavailable(String)

        /// Whether the same job would end the same way in another child:
        /// not when no child could be had (that may pass).
        var isLasting: Bool {
            if case .unavailable = self { return false }
            return true
        }
    }

    /// A job: what a child runs, its lines the result.
    typealias Job = @Sendable (any BindingBackend) throws(ProbeRefusal) -> [String]

    /// The jobs a child may be asked to run, by name.
    static let jobs: [String: Job] = [
        "naive-capture-unowned": { backend throws(ProbeRefusal) in
            let run = try Experiments.captureRun(on: backend, wiring: .unownedSelf)
            return [run.cell, run.note]
        },
        "second-command": { backend throws(ProbeRefusal) in
            try Experiments.secondCommandRun(on: backend)
        },
        "read-back": { backend throws(ProbeRefusal) in
            try Experiments.readBackRun(on: backend, form: .recommended)
        },
        "read-back/article": { backend throws(ProbeRefusal) in
            try Experiments.readBackRun(on: backend, form: .article)
        },
        "reentrant-set": { backend throws(ProbeRefusal) in
            try Experiments.reentrantRun(on: backend, form: .recommended)
        },
        "reentrant-set/article": { backend throws(ProbeRefusal) in
            try Experiments.reentrantRun(on: backend, form: .article)
        },
    ]

    /// Runs `job` on `backend` in a child process and says how it ended.
    ///
    /// What a child found is kept for the rest of the process: the same
    /// job on the same backend runs the same code on fresh worlds, so it ends
    /// the same way (`check` asks it again for every session and backend).
    /// A child runs every job of the backend not asked yet after the one
    /// asked, as long as none traps, so that most backends need one child;
    /// a job's outcome does not depend on the jobs before it in its child.
    static func run(_ job: String, on backend: any BindingBackend) -> Outcome {
        let key = backend.info.id + " " + job
        if let known = found.withLock({ $0[key] }) { return known }
        let others = jobs.keys.sorted().filter { other in
            other != job && found.withLock { $0[backend.info.id + " " + other] } == nil
        }
        let outcomes = runInChild([job] + others, on: backend)
        found.withLock { found in
            for (name, outcome) in outcomes where outcome.isLasting { found[backend.info.id + " " + name] = outcome }
        }
        return outcomes[job] ?? .unavailable("the child said nothing of \(job)")
    }

    /// Outcomes found in children, by backend id and job name.
    private static let found = Mutex<[String: Outcome]>([:])

    /// Runs `names` on `backend` in one child, in order, and says how each
    /// that it began ended: the first always, the others until one traps.
    static func runInChild(_ names: [String], on backend: any BindingBackend) -> [String: Outcome] {
        guard let first = names.first else { return [:] }
        guard let program = program() else {
            return [first: .unavailable("no bindlab program to run it in (it runs beside bindlab, in a child process)")]
        }
        let (text, ending) = spawn(program, [subcommand, backend.info.id] + names)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if case .exited(let status) = ending, status != 0 {
            return [first: .unavailable("the child ended with status \(status): \(lines.first { !$0.isEmpty } ?? "")")]
        }
        // Each job's lines follow its mark; a trap ends the last job begun.
        var segments: [(job: String, lines: [String])] = []
        for line in lines {
            if let name = line.droppingPrefix(jobMark) {
                segments.append((name, []))
            } else if !segments.isEmpty {
                segments[segments.count - 1].lines.append(line)
            }
        }
        var outcomes: [String: Outcome] = [:]
        for (index, segment) in segments.enumerated() {
            if case .signalled(let signal) = ending, index == segments.count - 1 {
                outcomes[segment.job] = .trapped(message: trapMessage(in: segment.lines), signal: signal)
            } else if let refusal = segment.lines.compactMap({ $0.droppingPrefix(refusalMark) }).first {
                outcomes[segment.job] = .refused(refusal)
            } else {
                outcomes[segment.job] = .finished(segment.lines.compactMap { $0.droppingPrefix(resultMark) })
            }
        }
        if outcomes[first] == nil, case .signalled(let signal) = ending {
            outcomes[first] = .trapped(message: trapMessage(in: lines), signal: signal)
        }
        return outcomes
    }

    /// The child's side, `bindlab __probe-child BACKEND JOB…`: runs the jobs
    /// in order, each after a line that names it, and writes its lines to
    /// `write` (or why the backend refused it). False for words it does not
    /// know (the usage written).
    public static func runChild(_ words: [String], write: (String) -> Void) -> Bool {
        guard words.count >= 2, let backend = BackendRegistry.backend(words[0]),
            words.dropFirst().allSatisfy({ jobs[$0] != nil })
        else {
            write("usage: bindlab \(subcommand) BACKEND JOB… (JOB: \(jobs.keys.sorted().joined(separator: ", ")))")
            return false
        }
        // A trap here is what the parent asked for: no core file for it.
        var none = rlimit(rlim_cur: 0, rlim_max: 0)
        _ = setrlimit(resourceCore, &none)
        for name in words.dropFirst() {
            guard let job = jobs[name] else { continue }
            write(jobMark + name)
            do throws(ProbeRefusal) {
                for line in try job(backend) { write(resultMark + line) }
            } catch {
                write(refusalMark + error.reason)
            }
        }
        return true
    }

    /// What marks a line of the result (or a refusal), so that the runtime's lines are told apart.
    private static let resultMark = "result: "
    private static let refusalMark = "refused: "
    private static let jobMark = "job: "

    #if os(Linux)
        private static let resourceCore = __rlimit_resource_t(RLIMIT_CORE.rawValue)
    #else
        private static let resourceCore = RLIMIT_CORE
    #endif

    /// "would crash: Fatal error: …", from what the runtime wrote before it
    /// trapped: the line that says why, without its source location or any
    /// address (which change from run to run).
    static func trapMessage(in lines: [String]) -> String {
        let reasons = ["Fatal error:", "Simultaneous accesses", "Fatal access conflict"]
        guard let line = lines.first(where: { line in reasons.contains { line.contains($0) } }) else {
            return "the process was stopped"
        }
        var words = line.split(separator: " ")
        if let fatal = words.indices.first(where: { words[$0] == "Fatal" && words.dropFirst($0 + 1).first == "error:" })
        {
            words = Array(words[fatal...])
        }
        // An address changes from run to run: "0x5590…," reads "…,".
        var message = words.map { $0.hasPrefix("0x") ? "…" + $0.drop { $0.isHexDigit || $0 == "x" } : $0 }
            .joined(separator: " ")
        while message.hasSuffix(".") || message.hasSuffix(",") { message.removeLast() }
        return message
    }

    /// bindlab: the running program when it is bindlab, else the bindlab
    /// beside it (a test bundle in the build folder); nil when there is none.
    static func program() -> String? {
        guard let running = runningExecutablePath() else { return nil }
        if running.hasSuffix("/bindlab") { return running }
        guard let slash = running.lastIndex(of: "/") else { return nil }
        let beside = String(running[..<slash]) + "/bindlab"
        return access(beside, X_OK) == 0 ? beside : nil
    }

    private enum Ending {
        case exited(Int32)
        case signalled(Int32)
    }

    /// Held while a child is being started (see `spawn`).
    private static let spawning = Mutex(())

    /// Runs `program` with `arguments`, its stdout and stderr read through
    /// one pipe to its end; the Swift runtime's backtracer is turned off in
    /// it (a trap is expected, and the backtrace is slow and not read).
    private static func spawn(_ program: String, _ arguments: [String]) -> (String, Ending) {
        let argv = (["bindlab"] + arguments).map { strdup($0) } + [nil]
        var variables: [UnsafeMutablePointer<CChar>?] = [strdup("SWIFT_BACKTRACE=enable=no")]
        var entry = processEnvironment
        while let pointer = entry.pointee {
            if strncmp(pointer, "SWIFT_BACKTRACE=", 16) != 0 { variables.append(strdup(pointer)) }
            entry += 1
        }
        variables.append(nil)
        defer {
            for pointer in argv { free(pointer) }
            for pointer in variables { free(pointer) }
        }
        // One child started at a time, from its pipe's making to the closing
        // of the parent's write end: `check` replays sessions on several
        // threads, and a child another thread started in between would
        // inherit this pipe's write end (the C library's module has no
        // `pipe2` to make it close-on-exec at once), keeping the read below
        // waiting until that other child ended too.
        let started: (reading: Int32, pid: pid_t)? = spawning.withLock { _ in
            var ends: [Int32] = [-1, -1]
            guard pipe(&ends) == 0 else { return nil }
            _ = fcntl(ends[0], F_SETFD, FD_CLOEXEC)
            _ = fcntl(ends[1], F_SETFD, FD_CLOEXEC)
            var actions = makeSpawnFileActions()
            posix_spawn_file_actions_init(&actions)
            defer { posix_spawn_file_actions_destroy(&actions) }
            // `dup2` clears close-on-exec on the child's copies.
            posix_spawn_file_actions_adddup2(&actions, ends[1], 1)
            posix_spawn_file_actions_adddup2(&actions, ends[1], 2)
            var pid = pid_t()
            let status = posix_spawn(&pid, program, &actions, nil, argv, variables)
            close(ends[1])
            guard status == 0 else {
                close(ends[0])
                return nil
            }
            return (ends[0], pid)
        }
        guard let (reading, pid) = started else { return ("", .exited(-1)) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 14)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(reading, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { break }
            bytes += chunk[..<count]
        }
        close(reading)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            guard errno == EINTR else { return (String(decoding: bytes, as: UTF8.self), .exited(-1)) }
        }
        // WTERMSIG and WEXITSTATUS, which Swift does not import.
        let signal = status & 0x7F
        return (
            String(decoding: bytes, as: UTF8.self), signal == 0 ? .exited((status >> 8) & 0xFF) : .signalled(signal)
        )
    }

    /// "SIGILL", "SIGTRAP": how a signal is named in a note.
    static func name(ofSignal signal: Int32) -> String {
        switch signal {
        case SIGILL: "SIGILL"
        case SIGTRAP: "SIGTRAP"
        case SIGABRT: "SIGABRT"
        case SIGSEGV: "SIGSEGV"
        case SIGBUS: "SIGBUS"
        default: "signal \(signal)"
        }
    }
}

extension String {
    /// What follows `prefix`, or nil when the string does not start with it.
    fileprivate func droppingPrefix(_ prefix: String) -> String? {
        hasPrefix(prefix) ? String(dropFirst(prefix.count)) : nil
    }
}
