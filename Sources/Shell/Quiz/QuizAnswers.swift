import BindingKit
import Playground

/// The teacher's answers (`bindlab quiz --answers`): each quiz run live on
/// each backend, and every question's answer read from what it printed, as
/// `bindlab quiz` reads it to mark an attendee's answer.
enum QuizAnswers {
    /// What each question of `quiz` read from a run on `backends`, in the
    /// order of `quiz.questions`.
    static func readings(of quiz: Quiz, on backends: [any BindingBackend]) -> [Quiz.Reading] {
        let outputs = SessionRunner.outputs(of: quiz.session, on: backends)
        return quiz.questions.map { $0.read(Array(outputs[$0.blocks])) }
    }

    /// The answers to `quizzes` as markdown: a heading per quiz, a numbered
    /// line per question with its answer, read on each of `backends` in
    /// turn; where the backends answer differently, the questions, then a
    /// table of each backend's answers.
    static func markdown(_ quizzes: [Quiz], on backends: [any BindingBackend]) -> [String] {
        var lines: [String] = []
        for quiz in quizzes {
            let runs = backends.map { (id: $0.info.id, answers: readings(of: quiz, on: [$0]).map(Self.text(of:))) }
            if !lines.isEmpty { lines.append("") }
            lines.append("#### `\(quiz.session.name)`")
            lines.append("")
            let numbers = quiz.questions.indices
            guard numbers.contains(where: { index in Set(runs.map { $0.answers[index] }).count > 1 }) else {
                for (index, question) in quiz.questions.enumerated() {
                    lines.append("\(index + 1). \(question.text) — \(runs.first?.answers[index] ?? "")")
                }
                continue
            }
            for (index, question) in quiz.questions.enumerated() { lines.append("\(index + 1). \(question.text)") }
            lines.append("")
            lines.append("| backend | " + numbers.map { "\($0 + 1)" }.joined(separator: " | ") + " |")
            lines.append("| --- |" + String(repeating: " --- |", count: numbers.count))
            for run in runs {
                let cells = run.answers.map { $0.replacingAll("**", with: "") }
                lines.append("| `\(run.id)` | " + cells.joined(separator: " | ") + " |")
            }
        }
        return lines
    }

    /// One reading as the answers show it.
    static func text(of reading: Quiz.Reading) -> String {
        switch reading {
        case .found(let answer, _): "**\(answer.replacingAll("|", with: "\\|"))**"
        case .ambiguous(let answers): "(several: \(answers.joined(separator: ", ")))"
        case .missing: "(not printed)"
        }
    }
}
