import BindingKit
import Catalog
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

    /// A job asked of a backend: by the backend's id and the job's name.
    struct Ask: Hashable, Sendable {
        let backend: String
        let job: String
    }

    /// Runs `job` on `backend` in a child process and says how it ended.
    ///
    /// What a child found is kept for the rest of the process: the same
    /// job on the same backend runs the same code on fresh worlds, so it ends
    /// the same way (`check` asks it again for every session and backend).
    /// The child runs the backend's jobs not asked yet after the one asked;
    /// a job's outcome does not depend on the jobs before it in its child.
    static func run(_ job: String, on backend: any BindingBackend) -> Outcome {
        let ask = Ask(backend: backend.info.id, job: job)
        if let known = found.withLock({ $0[ask] }) { return known }
        let outcomes = runMissing(of: [backend.info.id], first: ask)
        return outcomes[ask] ?? found.withLock { $0[ask] } ?? .unavailable("the child said nothing of \(job)")
    }

    /// Runs every job not run yet on `backends` now, in children side by
    /// side, so that an experiment asked of them next finds its outcomes
    /// kept: what `:probe` on several backends and `bindlab matrix` call
    /// first. A child costs a start of bindlab, mostly the kernel's (4–6 ms
    /// here), and while it runs its parent only waits: children one after
    /// the other were most of the time of `:probe` on `all`.
    static func prepare(_ backends: [any BindingBackend]) {
        _ = runMissing(of: backends.map(\.info.id), first: nil)
    }

    /// Outcomes found in children, by backend and job.
    private static let found = Mutex<[Ask: Outcome]>([:])
    /// Held while children run for some thread, so that two threads asking
    /// for the same backend (`check` replays sessions side by side) start
    /// one set of children: the second then finds what the first found.
    private static let working = Mutex(())

    /// Runs the jobs of `backends` that no child ran yet (`first` first, if
    /// it is among them), and says how each ended.
    private static func runMissing(of backends: [String], first: Ask?) -> [Ask: Outcome] {
        working.withLock { _ in
            let known = found.withLock { $0 }
            var lists: [[Ask]] = []
            var listed: Set<String> = []
            for backend in backends where listed.insert(backend).inserted {
                var asks = jobs.keys.sorted().map { Ask(backend: backend, job: $0) }.filter { known[$0] == nil }
                if let first, let at = asks.firstIndex(of: first) { asks.insert(asks.remove(at: at), at: 0) }
                if !asks.isEmpty { lists.append(asks) }
            }
            guard !lists.isEmpty else { return known }
            let outcomes = runInChildren(chains(of: lists, count: max(2, processorCount(limit: 8))))
            found.withLock { found in
                for (ask, outcome) in outcomes where outcome.isLasting { found[ask] = outcome }
            }
            return outcomes
        }
    }

    /// `lists` (one backend's jobs each) dealt into at most `count` chains of
    /// about the same length, each list whole in one chain, in order.
    static func chains(of lists: [[Ask]], count: Int) -> [[Ask]] {
        var chains = Array(repeating: [Ask](), count: max(1, min(count, lists.count)))
        for list in lists {
            let shortest = chains.indices.min { chains[$0].count < chains[$1].count } ?? 0
            chains[shortest] += list
        }
        return chains
    }

    /// Runs each chain's asks in children, in order: a child runs the
    /// chain's asks until one traps, the next child goes on after it. The
    /// chains' children run side by side, one at a time per chain.
    ///
    /// - Complexity: a child per ask that traps, plus one per chain.
    static func runInChildren(_ chains: [[Ask]]) -> [Ask: Outcome] {
        var outcomes: [Ask: Outcome] = [:]
        guard let program = program() else {
            for ask in chains.joined() { outcomes[ask] = noProgram }
            return outcomes
        }
        var queues = chains.filter { !$0.isEmpty }
        var running: [Int: Child] = [:]
        func startNext(_ chain: Int) {
            guard !queues[chain].isEmpty else { return }
            if let child = Child(program, asking: queues[chain]) {
                running[chain] = child
            } else {
                for ask in queues[chain] { outcomes[ask] = noChild }
                queues[chain] = []
            }
        }
        for chain in queues.indices { startNext(chain) }
        while !running.isEmpty {
            let order = running.keys.sorted()
            var waiting = order.map { pollfd(fd: running[$0]!.reading, events: Int16(POLLIN), revents: 0) }
            if poll(&waiting, nfds_t(waiting.count), -1) < 0, errno != EINTR {
                // No poll to be had: each is read in turn, blocking.
                for index in waiting.indices { waiting[index].revents = Int16(POLLIN) }
            }
            for (chain, entry) in zip(order, waiting) where entry.revents != 0 {
                guard running[chain]!.readSome() else { continue }
                let found = running.removeValue(forKey: chain)!.finish()
                outcomes.merge(found) { $1 }
                // Those it began are done; the rest go to the next child. A
                // child that could not run its first ask (its backend
                // unknown to it, say) is not asked that backend's others.
                if let first = queues[chain].first, let outcome = found[first], !outcome.isLasting {
                    for ask in queues[chain] where ask.backend == first.backend { outcomes[ask] = outcome }
                    queues[chain].removeAll { $0.backend == first.backend }
                }
                queues[chain].removeAll { found[$0] != nil }
                startNext(chain)
            }
        }
        return outcomes
    }

    private static let noProgram = Outcome.unavailable(
        "no bindlab program to run it in (it runs beside bindlab, in a child process)")
    private static let noChild = Outcome.unavailable("no child process could be started")

    /// Runs `names` on `backend` in one child, in order, and says how each
    /// that it began ended: the first always, the others until one traps.
    static func runInChild(_ names: [String], on backend: any BindingBackend) -> [String: Outcome] {
        let asks = names.map { Ask(backend: backend.info.id, job: $0) }
        guard !asks.isEmpty else { return [:] }
        let outcomes: [Ask: Outcome]
        if let program = program() {
            if var child = Child(program, asking: asks) {
                while !child.readSome() {}
                outcomes = child.finish()
            } else {
                outcomes = [asks[0]: noChild]
            }
        } else {
            outcomes = [asks[0]: noProgram]
        }
        return Dictionary(uniqueKeysWithValues: outcomes.map { ($0.key.job, $0.value) })
    }

    /// The child's side, `bindlab __probe-child BACKEND JOB… [BACKEND JOB…]…`:
    /// runs the jobs in order, each on the backend named last before it,
    /// after a line that names both, and writes its lines to `write` (or why
    /// the backend refused it). False for words it does not know (the usage
    /// written).
    public static func runChild(_ words: [String], write: (String) -> Void) -> Bool {
        var asks: [(backend: any BindingBackend, job: String)] = []
        var current: (any BindingBackend)?
        var jobsOfCurrent = 0
        var understood = true
        for word in words {
            if let backend = BackendRegistry.backend(word) {
                // A backend with no job after it is a mistake.
                if current != nil, jobsOfCurrent == 0 { understood = false }
                current = backend
                jobsOfCurrent = 0
            } else if jobs[word] != nil, let backend = current {
                asks.append((backend, word))
                jobsOfCurrent += 1
            } else {
                understood = false
            }
        }
        guard understood, jobsOfCurrent > 0 else {
            write(
                "usage: bindlab \(subcommand) BACKEND JOB… [BACKEND JOB…]… (JOB: \(jobs.keys.sorted().joined(separator: ", ")))"
            )
            return false
        }
        // A trap here is what the parent asked for: no core file for it.
        var none = rlimit(rlim_cur: 0, rlim_max: 0)
        _ = setrlimit(resourceCore, &none)
        for (backend, name) in asks {
            guard let job = jobs[name] else { continue }
            write(jobMark + backend.info.id + " " + name)
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

    /// Held while a child is being started (see `Child.init`).
    private static let spawning = Mutex(())

    /// A child running some asks: what it wrote so far, through one pipe for
    /// its stdout and stderr, read to its end; the Swift runtime's
    /// backtracer is turned off in it (a trap is expected, and the
    /// backtrace is slow and not read).
    struct Child {
        let reading: Int32
        private let pid: pid_t
        private let asked: [Ask]
        private var bytes: [UInt8] = []

        /// Starts `program` running `asks` in order; nil when it cannot be started.
        init?(_ program: String, asking asks: [Ask]) {
            var arguments = [subcommand]
            for (index, ask) in asks.enumerated() {
                if index == 0 || asks[index - 1].backend != ask.backend { arguments.append(ask.backend) }
                arguments.append(ask.job)
            }
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
            // One child started at a time, from its pipe's making to the
            // closing of the parent's write end: another thread's child
            // started in between would inherit this pipe's write end (the C
            // library's module has no `pipe2` to make it close-on-exec at
            // once), keeping the read of this one waiting until that other
            // child ended too.
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
            guard let started else { return nil }
            reading = started.reading
            pid = started.pid
            asked = asks
        }

        /// Reads what the child wrote since; true at its end (or on an error).
        mutating func readSome() -> Bool {
            var chunk = [UInt8](repeating: 0, count: 1 << 14)
            while true {
                let count = chunk.withUnsafeMutableBytes { read(reading, $0.baseAddress, $0.count) }
                if count < 0, errno == EINTR { continue }
                guard count > 0 else { return true }
                bytes += chunk[..<count]
                return false
            }
        }

        /// Waits for the child's end and says how each ask it began ended:
        /// the first always, the others until one trapped.
        consuming func finish() -> [Ask: Outcome] {
            close(reading)
            var status: Int32 = 0
            var ending = Ending.exited(-1)
            while true {
                if waitpid(pid, &status, 0) >= 0 {
                    // WTERMSIG and WEXITSTATUS, which Swift does not import.
                    let signal = status & 0x7F
                    ending = signal == 0 ? .exited((status >> 8) & 0xFF) : .signalled(signal)
                    break
                }
                guard errno == EINTR else { break }
            }
            let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
                .map(String.init)
            guard let first = asked.first else { return [:] }
            if case .exited(let status) = ending, status != 0 {
                return [
                    first: .unavailable("the child ended with status \(status): \(lines.first { !$0.isEmpty } ?? "")")
                ]
            }
            // Each ask's lines follow its mark; a trap ends the last one begun.
            var segments: [(ask: Ask, lines: [String])] = []
            for line in lines {
                if let mark = line.droppingPrefix(jobMark) {
                    let words = mark.split(separator: " ", maxSplits: 1).map(String.init)
                    guard words.count == 2 else { continue }
                    segments.append((Ask(backend: words[0], job: words[1]), []))
                } else if !segments.isEmpty {
                    segments[segments.count - 1].lines.append(line)
                }
            }
            var outcomes: [Ask: Outcome] = [:]
            for (index, segment) in segments.enumerated() where asked.contains(segment.ask) {
                if case .signalled(let signal) = ending, index == segments.count - 1 {
                    outcomes[segment.ask] = ended(by: signal, lines: segment.lines)
                } else if let refusal = segment.lines.compactMap({ $0.droppingPrefix(refusalMark) }).first {
                    outcomes[segment.ask] = .refused(refusal)
                } else {
                    outcomes[segment.ask] = .finished(segment.lines.compactMap { $0.droppingPrefix(resultMark) })
                }
            }
            if outcomes[first] == nil {
                if case .signalled(let signal) = ending {
                    outcomes[first] = ended(by: signal, lines: lines)
                } else {
                    outcomes[first] = .unavailable("the child said nothing of \(first.job)")
                }
            }
            return outcomes
        }
    }

    /// How a job ended that `signal` ended in the middle: a trap, if the
    /// signal is one a trap raises; else the child was stopped from outside
    /// (a Ctrl-C reaches the children of the terminal's foreground too),
    /// which says nothing of the job and is not kept.
    static func ended(by signal: Int32, lines: [String]) -> Outcome {
        guard isTrap(signal) else {
            return .unavailable("the child process was stopped by \(name(ofSignal: signal)) before it ended")
        }
        return .trapped(message: trapMessage(in: lines), signal: signal)
    }

    /// Whether `signal` is one the runtime's traps end a process with: a
    /// `fatalError`, a failed check (SIGILL, SIGTRAP), an abort, a bad access.
    static func isTrap(_ signal: Int32) -> Bool {
        [SIGILL, SIGTRAP, SIGABRT, SIGSEGV, SIGBUS].contains(signal)
    }

    /// "SIGILL", "SIGTRAP": how a signal is named in a note.
    static func name(ofSignal signal: Int32) -> String {
        switch signal {
        case SIGILL: "SIGILL"
        case SIGTRAP: "SIGTRAP"
        case SIGABRT: "SIGABRT"
        case SIGSEGV: "SIGSEGV"
        case SIGBUS: "SIGBUS"
        case SIGINT: "SIGINT"
        case SIGTERM: "SIGTERM"
        case SIGKILL: "SIGKILL"
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
