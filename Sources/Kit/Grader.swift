public import BindingKit

/// How one check of a task fared.
public struct CheckResult: Sendable {
    public let id: String
    public let summary: String
    /// nil when it passed.
    public let failure: CheckFailure?

    public var passed: Bool { failure == nil }
}

/// How one task fared: its checks' results, in order. A task passes when
/// every check it ran passed; graded to its first failure, the checks after
/// it were not run.
public struct TaskGrade: Sendable {
    public let task: KitTask
    public let results: [CheckResult]

    public var passed: Bool { results.allSatisfy(\.passed) }
    public var firstFailure: CheckResult? { results.first { !$0.passed } }
}

/// Grades tasks on a backend: its checks in order, then its sessions.
///
/// Sessions are the Shell's (their replay and their matching), so the Shell
/// hands the grader how to check one: `sessions(path, backend)` says nil
/// when the session passes on the backend, else its first differing block.
public struct Grader: Sendable {
    /// The kit's `Sessions/` folder.
    public let sessionFolder: String
    public let sessions: @Sendable (_ path: String, _ backend: any BindingBackend) -> CheckFailure?

    public init(
        sessionFolder: String,
        sessions: @escaping @Sendable (_ path: String, _ backend: any BindingBackend) -> CheckFailure?
    ) {
        self.sessionFolder = sessionFolder
        self.sessions = sessions
    }

    /// Every check of `task`: its own, then one per session.
    public func checks(of task: KitTask) -> [Check] {
        task.checks
            + task.sessions.map { name in
                let path = sessionFolder + "/" + name
                let sessions = self.sessions
                return Check("session.\(name.dropLast(".session".count))", "the session \(name) on your backend") {
                    backend throws(CheckFailure) in
                    if let failure = sessions(path, backend) { throw failure }
                }
            }
    }

    /// Runs `task`'s checks on `backend`, up to the first that fails unless
    /// `all`; `starting` is told of each check before it runs (the kit
    /// notes it down, so that a crash in the backend's code names it).
    public func grade(
        _ task: KitTask, on backend: any BindingBackend, all: Bool = false, starting: (Check) -> Void = { _ in }
    ) -> TaskGrade {
        var results: [CheckResult] = []
        for check in checks(of: task) {
            starting(check)
            let failure = check.run(on: backend)
            results.append(CheckResult(id: check.id, summary: check.summary, failure: failure))
            if failure != nil, !all { break }
        }
        return TaskGrade(task: task, results: results)
    }
}
