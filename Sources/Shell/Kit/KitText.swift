import BindingKit
import Kit

/// How the kit says what it found: a line a task passed, the first failure
/// of the first task that failed (a screen as a diff, else the expectation
/// in words), the "passed, but…" comments, the task list, a hint.
enum KitText {
    /// The width the kit's words are wrapped to.
    static let width = 100

    /// `✓ 1  the spinner, then 100 rows`.
    static func passed(_ task: KitTask, style: Style) -> String {
        style.green("✓") + " \(task.number)  \(task.title)"
    }

    /// The first failure of `grade`, with the task's goal above it and the
    /// way to a hint under it.
    static func failed(_ grade: TaskGrade, kit: String, style: Style) -> [String] {
        let task = grade.task
        var lines = [style.red("✗") + " \(task.number)  " + style.bold(task.title)]
        lines += wrapped(task.goal, indent: "   ")
        guard let result = grade.firstFailure, let failure = result.failure else { return lines }
        lines.append("")
        lines += wrapped(result.summary, indent: "   ").map { style.bold($0) }
        if !failure.steps.isEmpty {
            lines += wrapped(failure.steps.joined(separator: " · "), indent: "   after:    ", hanging: "             ")
        }
        lines += wrapped(failure.expectation, indent: "   expected: ", hanging: "             ")
        if let expected = failure.expected, let actual = failure.actual {
            let diff = UnifiedDiff(old: expected, new: actual, context: 20)
            lines += diff.render(old: "expected", new: "shown by \(kit)", style: style).map { "   " + $0 }
        }
        if let found = failure.found {
            lines += wrapped(found, indent: "   found:    ", hanging: "             ")
        }
        lines.append("")
        lines.append(
            style.dim(
                "   (check \(result.id); stuck? `bindlab kit watch`, then h: \(task.hints.count) hints, one at a time)")
        )
        return lines
    }

    /// `passed, but…` and one line a comment, by kind.
    static func comments(_ comments: [Comment], style: Style) -> [String] {
        guard !comments.isEmpty else { return [] }
        var lines = ["   passed, but…"]
        let kindWidth = Comment.Kind.allCases.map(\.rawValue.count).max() ?? 0
        for comment in comments {
            let kind = comment.kind.rawValue.padded(to: kindWidth)
            let shown =
                switch comment.kind {
                case .essential: style.red(kind)
                case .actionable: style.cyan(kind)
                case .informative: style.dim(kind)
                }
            let indent = String(repeating: " ", count: 5 + kindWidth + 2)
            let text = wrapped(comment.text, indent: "", width: width - indent.count)
            lines.append("     " + shown + "  " + (text.first ?? ""))
            lines += text.dropFirst().map { indent + $0 }
        }
        return lines
    }

    /// The nine tasks, each done (`✓`) or pending (`·`), the one in hand marked.
    static func list(_ state: KitState, style: Style) -> [String] {
        Curriculum.tasks.map { task in
            let mark = state.passed.contains(task.number) ? style.green("✓") : "·"
            let here = task.number == state.current ? style.bold(" ◀ in hand") : ""
            return " \(mark) \(task.number)  \(task.title)\(here)"
        }
            + ["   \(state.passed.count) of \(Curriculum.tasks.count) done"]
    }

    /// Hint `index` (from 0) of `task`, or that there are no more.
    static func hint(_ task: KitTask, _ index: Int) -> [String] {
        guard task.hints.indices.contains(index) else {
            return [
                "   (no more hints for task \(task.number): the reference solution is `bindlab kit solve \(task.number)`)"
            ]
        }
        return wrapped("hint \(index + 1) of \(task.hints.count): " + task.hints[index], indent: "   ", hanging: "   ")
    }

    /// `text` in lines of at most `width` columns, the first after `indent`,
    /// the others after `hanging` (`indent` unless given).
    static func wrapped(_ text: String, indent: String, hanging: String? = nil, width: Int = KitText.width) -> [String]
    {
        let hanging = hanging ?? indent
        var lines: [String] = []
        var line = indent
        var empty = true
        for word in text.split(separator: " ", omittingEmptySubsequences: true) {
            if !empty, (line + " " + word).displayWidth > width {
                lines.append(line)
                line = hanging + word
            } else {
                line += (empty ? "" : " ") + word
            }
            empty = false
        }
        lines.append(line)
        return lines
    }
}
