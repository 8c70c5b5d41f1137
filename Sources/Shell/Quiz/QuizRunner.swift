import BindingKit
import LineEditing
import Playground

/// `bindlab quiz FILE`: predict, then run. Before each command that a
/// question is about, the question and the line it reads are shown with
/// `???` where the answer goes, and the attendee types an answer; then the
/// command runs live and each answer is marked right or wrong against what
/// the command printed.
final class QuizRunner {
    /// What the keys do while answering, for the help line and the handout.
    static let keys: [(key: String, does: String)] = [
        ("an answer, then Enter", "answers the question; the command then runs and says right or wrong"),
        ("Enter alone", "skips the question: the run shows the answer"),
        ("Ctrl-D, Ctrl-C", "ends the quiz, with the score so far"),
    ]

    /// How the quiz went.
    struct Score: Equatable, Sendable {
        var right = 0
        var wrong = 0
        var skipped = 0
        /// Questions whose line the run did not print: not counted.
        var unanswerable = 0
        /// Whether every question was reached (not ended early).
        var finished = false

        /// The questions counted: answered or skipped.
        var counted: Int { right + wrong + skipped }
    }

    private let quiz: Quiz
    private let output: any OutputSink
    private let style: Style
    private let answers: any LineSource
    private let echoAnswers: Bool
    private let capture: CapturingOutput
    private let shell: Shell

    /// - Parameters:
    ///   - backends: what the shell starts on.
    ///   - answers: where the attendee's answers come from, a line each.
    ///   - echoAnswers: show each answer after its prompt, as typed (when the
    ///     answers come from a pipe, which echoes nothing).
    init(
        quiz: Quiz, backends: [any BindingBackend], output: any OutputSink, color: Bool, answers: any LineSource,
        echoAnswers: Bool, interrupted: @escaping () -> Bool = { false }
    ) {
        self.quiz = quiz
        self.output = output
        self.style = Style(enabled: color)
        self.answers = answers
        self.echoAnswers = echoAnswers
        self.capture = CapturingOutput(output)
        self.shell = Shell(
            backends: backends, data: DataEnvironment(), output: capture, color: color, interrupted: interrupted)
        shell.sessions.replaying = [quiz.session.path]
    }

    /// The width to lay the screens out for (`--width`); nil: the quiz's own `:width`, else 80.
    var fixedColumns: Int? {
        get { shell.fixedColumns }
        set { shell.fixedColumns = newValue }
    }

    /// Asks every question, running the quiz's commands as it goes.
    @discardableResult
    func run() -> Score {
        var score = Score()
        let total = quiz.questions.count
        say(
            style.dim(
                "\(quiz.session.name): \(total) question\(total == 1 ? "" : "s"), each asked before the command that answers it."
            ))
        say(style.dim("Type an answer and Enter; Enter alone skips one; Ctrl-D ends the quiz."))
        var asked = 0
        // The questions waiting for their commands to run, with their answers,
        // and what those commands printed so far.
        var waiting: [(question: Quiz.Question, answer: String?)] = []
        var printed: [[String]] = []
        for (index, block) in quiz.session.blocks.enumerated() {
            guard !shell.quitRequested else { break }
            narrate(quiz.narration[index])
            let questions = quiz.questions(of: index)
            for question in questions {
                asked += 1
                say("")
                let label = "Question \(asked) of \(total): "
                let lines = (label + question.text).wrapped(to: shell.columns, indent: 2)
                say(style.bold(label) + lines[0].dropFirst(label.count))
                for line in lines.dropFirst() { say(line) }
                for line in question.shown { say("    " + style.cyan(line)) }
                output.write(style.bold("your answer: "), to: .standard)
                switch answers.readLine(prompt: "") {
                case .line(let answer):
                    if echoAnswers { say(answer) }
                    waiting.append((question, answer))
                case .interrupted, .endOfInput:
                    say("")
                    say(style.dim("(the quiz ends at question \(asked) of \(total))"))
                    sayScore(score)
                    return score
                }
            }
            if !questions.isEmpty { say("") }
            output.write(style.green(shell.prompt) + block.input + "\n", to: .standard)
            _ = capture.take()
            shell.perform(block.input)
            printed.append(BufferedOutput.lines(of: SessionRecorder.withoutColours(capture.take())))
            // The last command a question reads has run: its verdict.
            let answered = waiting.filter { $0.question.blocks.upperBound == index + 1 }
            if !answered.isEmpty { say("") }
            for (question, answer) in answered {
                mark(question, answer, Array(printed[question.blocks]), &score)
            }
            waiting.removeAll { $0.question.blocks.upperBound == index + 1 }
        }
        // After a `:quit`, the commands that did run are all there is to read.
        for (question, answer) in waiting {
            mark(question, answer, Array(printed[question.blocks.clamped(to: 0..<printed.count)]), &score)
        }
        narrate(quiz.closingNarration)
        score.finished = true
        sayScore(score)
        return score
    }

    /// Says what became of one answer.
    private func mark(_ question: Quiz.Question, _ answer: String?, _ printed: [[String]], _ score: inout Score) {
        let number = (quiz.questions.firstIndex(of: question) ?? 0) + 1
        let label = "Question \(number): "
        switch question.read(printed) {
        case .found(let real, let lines):
            switch question.grade(answer, against: printed) {
            case .right:
                score.right += 1
                say(label + style.green("✓ right: \(real)"))
            case .wrong:
                score.wrong += 1
                say(label + style.red("✗ wrong: you said \(answer?.trimmingBlanks ?? ""); the run printed \(real)"))
            case .skipped, .unanswerable:
                score.skipped += 1
                say(label + "· skipped: the run printed \(real)")
            }
            for line in lines { say("    " + style.dim(line)) }
        case .ambiguous(let answers):
            score.unanswerable += 1
            say(
                label
                    + "? not counted: \(answers.count) lines the question reads say different things "
                    + "(\(answers.joined(separator: ", "))); \(quiz.session.name):\(question.line) needs a closer #=")
        case .missing:
            score.unanswerable += 1
            say(
                label
                    + "? not counted: the run printed no line the question reads "
                    + "(\(quiz.session.name):\(question.line)'s #=)")
        }
    }

    private func sayScore(_ score: Score) {
        var line = "Score: \(score.right) of \(score.counted) right"
        var parts: [String] = []
        if score.wrong > 0 { parts.append("\(score.wrong) wrong") }
        if score.skipped > 0 { parts.append("\(score.skipped) skipped") }
        if score.unanswerable > 0 { parts.append("\(score.unanswerable) not counted") }
        if !parts.isEmpty { line += " (\(parts.joined(separator: ", ")))" }
        say("")
        say(style.bold(line))
    }

    private func narrate(_ lines: [String]) {
        guard !lines.isEmpty else { return }
        say("")
        for line in lines { say(line.isEmpty ? "" : style.bold(line)) }
    }

    private func say(_ line: String) {
        output.write(line + "\n", to: .standard)
    }
}

/// Output passed on as it comes and kept, so that what one command printed
/// can be read after it ran.
final class CapturingOutput: OutputSink {
    private let sink: any OutputSink
    private var text = ""

    init(_ sink: any OutputSink) {
        self.sink = sink
    }

    func write(_ text: String, to stream: OutputStream) {
        sink.write(text, to: stream)
        self.text += text
    }

    /// What was written since the last call.
    func take() -> String {
        defer { text = "" }
        return text
    }
}
