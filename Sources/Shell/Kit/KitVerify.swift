import BindingKit
import Kit
import LineEditing
import Playground

/// `bindlab kit verify [TASK] [--json]`: builds the package, then has the
/// bindlab just built grade the kit's backend, since only a binary built
/// with the attendee's files holds their backend.
///
/// Without TASK, the tasks are graded in order up to the first that fails,
/// which becomes the task in hand, and only its first failure is shown;
/// with TASK, that task alone. The tasks passed and the one in hand are
/// kept in the kit's state. `--json` grades every task and every check and
/// prints one object (`Results`).
struct KitVerify {
    let folder: KitFolder
    let output: any OutputSink
    let style: Style

    // MARK: Building, then grading in the new binary

    /// Builds (`swift build --product bindlab`, debug, incremental) and runs
    /// the new binary's `kit verify … --no-build`, on this terminal. The
    /// grader runs as a child rather than in place of this process, so that
    /// a crash in the attendee's code is reported as the check it stopped.
    ///
    /// - Throws: `checkFailed` when a task failed (or the build, or the
    ///   grader crashed), said already.
    func buildAndGrade(task: Int?, json: Bool, swift: String?) throws(ShellError) {
        guard let swift else {
            throw .actionFailed(reason: "swift is not on the PATH: the kit builds your backend with `swift build`")
        }
        if !json { output.write(style.dim("building…") + "\n", to: .standard) }
        let (ending, lines) = try KitProcess.capture(
            swift, ["build", "--package-path", folder.root, "--product", "bindlab"])
        if Terminal.interruptRequested { throw .interrupted(what: "the build") }
        guard ending == .exited(0) else {
            report(buildFailure: Self.firstError(in: lines, root: folder.root), json: json)
            throw .checkFailed(count: 1)
        }
        let binary = folder.root + "/.build/debug/bindlab"
        let arguments =
            ["kit", "verify"] + (task.map { [String($0)] } ?? []) + (json ? ["--json"] : []) + ["--no-build"]
        folder.noteRunning("")
        switch try KitProcess.run(binary, arguments) {
        case .exited(0): return
        case .exited(1): throw .checkFailed(count: 1)
        case .exited: throw .failuresReported(in: "kit verify")
        case .signalled(let signal):
            report(crash: signal, during: folder.running() ?? "", json: json)
            throw .checkFailed(count: 1)
        }
    }

    /// The first error of a build's output and the source lines the
    /// compiler shows under it, its path made relative to the package.
    static func firstError(in lines: [String], root: String) -> [String] {
        guard let start = lines.firstIndex(where: { $0.contains(": error: ") }) else {
            return Array(lines.suffix(12))
        }
        var shown = [lines[start].replacing(root + "/", with: "")]
        for line in lines[(start + 1)...] {
            // The compiler's excerpt: `12 |     code`, `   |     `- error: …`.
            guard line.contains(" |") else { break }
            shown.append(line)
        }
        return shown
    }

    private func report(buildFailure lines: [String], json: Bool) {
        if json {
            output.write(Results.error("the build failed: " + lines.joined(separator: "\n")), to: .standard)
            return
        }
        var text = [style.red("✗") + " " + style.bold("your backend does not build yet") + " (`swift build`):", ""]
        text += lines.map { "   " + $0 }
        output.write(text.joined(separator: "\n") + "\n", to: .standard)
    }

    private func report(crash signal: Int32, during check: String, json: Bool) {
        let what = KitProcess.describe(signal: signal)
        let message =
            "your backend's code ended the grader with \(what)"
            + (check.isEmpty ? "" : " during \(check)") + ": the lines above say where"
        if json {
            output.write(Results.error(message), to: .standard)
        } else {
            output.write(style.red("✗") + " " + message + "\n", to: .standard)
        }
    }

    // MARK: Grading here

    /// Grades the kit's backend, which this binary was built with.
    ///
    /// - Throws: `checkFailed` when a task graded fails; `actionFailed` when
    ///   this binary holds no backend of that name.
    func gradeHere(task number: Int?, json: Bool) throws(ShellError) {
        var state = try loadState()
        guard let backend = BackendRegistry.backend(state.name) else {
            throw .actionFailed(
                reason: "this bindlab was built without the kit's backend '\(state.name)': "
                    + "`bindlab kit verify` (without --no-build) builds it first")
        }
        let grader = Grader(sessionFolder: folder.sessionFolder, sessions: Self.checkSession)
        let tasks = number.flatMap(Curriculum.task).map { [$0] } ?? Curriculum.tasks
        var grades: [TaskGrade] = []
        for task in tasks {
            let grade = grader.grade(task, on: backend, all: json) { check in
                folder.noteRunning("task \(task.number), check \(check.id) (\(check.summary))")
            }
            grades.append(grade)
            if !grade.passed, !json, number == nil { break }
        }
        folder.noteRunning("")
        let before = state
        record(grades, in: &state, inOrder: number == nil)
        try save(state, after: before)

        let newlyPassed = grades.filter { $0.passed && !before.passed.contains($0.task.number) }
        let comments: [Comment]
        if json || !newlyPassed.isEmpty || number != nil {
            let baseline = state.from == "delegate" ? BackendRegistry.backend("delegate") : nil
            folder.noteRunning("the matrix, for \"passed, but…\"")
            comments =
                Feedback.comments(on: backend, baseline: baseline, passed: state.passed)
                + (grades.contains { $0.passed && $0.task.number == Curriculum.tasks.count }
                    ? Feedback.capstoneComments(on: backend) : [])
            folder.noteRunning("")
        } else {
            comments = []
        }
        if json {
            output.write(Results.json(state: state, grades: grades, comments: comments), to: .standard)
        } else {
            say(grades, newlyPassed: Set(newlyPassed.map(\.task.number)), comments: comments, state: state)
        }
        guard grades.allSatisfy(\.passed) else { throw .checkFailed(count: 1) }
    }

    /// The tasks passed and the one in hand, after `grades`.
    private func record(_ grades: [TaskGrade], in state: inout KitState, inOrder: Bool) {
        for grade in grades {
            if grade.passed {
                state.passed.insert(grade.task.number)
            } else {
                state.passed.remove(grade.task.number)
            }
        }
        if inOrder {
            state.current = grades.first { !$0.passed }?.task.number ?? Curriculum.tasks.count
        } else if let only = grades.first, only.passed, only.task.number == state.current {
            state.current =
                Curriculum.tasks.first { $0.number > only.task.number && !state.passed.contains($0.number) }?.number
                ?? state.current
        }
    }

    private func save(_ state: KitState, after before: KitState) throws(ShellError) {
        do {
            try folder.save(state)
            if state.current != before.current { try folder.snapshot(task: state.current) }
        } catch {
            throw .fileUnwritable(path: folder.slot.path + "/" + KitState.path, reason: error.message)
        }
    }

    /// One line a task passed (with the comments under the last of those
    /// newly passed), then the first failure.
    private func say(_ grades: [TaskGrade], newlyPassed: Set<Int>, comments: [Comment], state: KitState) {
        var lines = [style.dim("kit \(state.name) (from \(state.from))")]
        let lastNew = grades.last { newlyPassed.contains($0.task.number) }?.task.number
        for grade in grades {
            if grade.passed {
                lines.append(KitText.passed(grade.task, style: style))
                if grade.task.number == lastNew || (grades.count == 1 && lastNew == nil) {
                    lines += KitText.comments(comments, style: style)
                }
            } else {
                lines.append("")
                lines += KitText.failed(grade, kit: state.name, style: style)
            }
        }
        if grades.count == Curriculum.tasks.count, grades.allSatisfy(\.passed) {
            lines.append("")
            lines.append(
                style.green("all \(grades.count) tasks pass.") + " `bindlab --backend \(state.name)` is yours.")
        }
        output.write(lines.joined(separator: "\n") + "\n", to: .standard)
    }

    func loadState() throws(ShellError) -> KitState {
        let state: KitState?
        do {
            state = try folder.state()
        } catch {
            throw .fileUnreadable(path: folder.slot.path + "/" + KitState.path, reason: error.message)
        }
        guard let state else {
            throw .actionFailed(
                reason: "there is no kit in \(KitFolder.slotPath) yet: `bindlab kit new NAME` makes one")
        }
        return state
    }

    /// A session checked on a backend, the first block that differs as the
    /// failure: what the grader gets for the tasks' sessions.
    @Sendable static func checkSession(_ path: String, on backend: any BindingBackend) -> CheckFailure? {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        let session: Session
        do {
            session = try Session.load(path, name: name)
        } catch {
            return CheckFailure("the session \(name) can be read", found: error.description)
        }
        let outcome = SessionRunner.check(session, on: backend)
        guard let first = outcome.differing.first else { return nil }
        let block = session.blocks[first]
        let expected = block.expected.filter { $0.applies(to: backend.info.id) }.map { line in
            switch line.pattern {
            case .anyLines: "..."
            case .text(let text): text
            }
        }
        return CheckFailure(
            "`\(block.input)` prints what \(name):\(block.line + 1) expects",
            steps: session.blocks[..<first].map(\.input), expected: expected, actual: outcome.outputs[first])
    }
}
