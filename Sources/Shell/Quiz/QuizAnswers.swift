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
    /// turn (one answer when they all print the same).
    static func markdown(_ quizzes: [Quiz], on backends: [any BindingBackend]) -> [String] {
        var lines: [String] = []
        for quiz in quizzes {
            let runs = backends.map { (id: $0.info.id, readings: readings(of: quiz, on: [$0])) }
            if !lines.isEmpty { lines.append("") }
            lines.append("#### `\(quiz.session.name)`")
            lines.append("")
            for (index, question) in quiz.questions.enumerated() {
                let answers = runs.map { (id: $0.id, text: Self.text(of: $0.readings[index])) }
                let answer: String
                if Set(answers.map(\.text)).count == 1 {
                    answer = answers[0].text
                } else {
                    answer = answers.map { "\($0.id): \($0.text)" }.joined(separator: "; ")
                }
                lines.append("\(index + 1). \(question.text) — \(answer)")
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
