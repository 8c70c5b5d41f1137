import LineEditing
import Playground
import Testing

@testable import Shell

/// Parses `text` as a quiz called `test.session`.
private func quiz(_ text: String) throws -> Quiz {
    try Quiz(try session(text))
}

/// What reading `text` as a quiz complains of, as `FILE:LINE: error: …` lines.
private func quizProblems(_ text: String) throws -> [String] {
    let parsed = try session(text)
    do {
        _ = try Quiz(parsed)
        return []
    } catch {
        return error.lines
    }
}

/// Takes `quiz` with `answers` typed, on delegate; returns what it showed and the score.
private func take(_ quiz: Quiz, answers: [String]) -> (shown: String, score: QuizRunner.Score) {
    let output = BufferedOutput()
    let runner = QuizRunner(
        quiz: quiz, backends: [BackendRegistry.defaultBackend], output: output, color: false,
        answers: ScriptedLines(answers), echoAnswers: true)
    let score = runner.run()
    return (output.text, score)
}

@Suite struct QuizTests {
    /// `#?` lines ask, the `#=` lines under them say where the answer is, and the inputs up to the next question answer it.
    @Test func questionsAreReadFromTheNarration() throws {
        let read = try quiz(
            """
            # Narration stays narration.
            #? How many orders
            #? does the title count?
            #= ┌─ Orders (???) ─[..]
            > orders load 3
            > :clock
            #? And now?
            #= [..]???[..]
            #= second line
            > :net
            # The end.
            """)
        #expect(read.questions.count == 2)
        let first = read.questions[0]
        #expect(first.line == 2)
        #expect(first.text == "How many orders does the title count?")
        #expect(first.pattern == ["┌─ Orders (???) ─[..]"])
        #expect(first.blankLine == 0)
        #expect(first.blocks == 0..<2)
        #expect(first.shown == ["┌─ Orders (???) ─…"])
        #expect(read.questions[1].blocks == 2..<3)
        #expect(read.questions[1].pattern == ["[..]???[..]", "second line"])
        #expect(read.narration == [["Narration stays narration."], [], []])
        #expect(read.closingNarration == ["The end."])
    }

    /// A question that cannot be asked is an error on its line, and a file without questions is not a quiz.
    @Test func malformedQuestionsAreErrors() throws {
        #expect(
            try quizProblems("#? No line under it.\n> :clock\n") == [
                "test.session:1: error: the question needs the line its answer is read from right under it: #= LINE, with ??? where the answer is"
            ])
        #expect(
            try quizProblems("#= nobody asked ???\n> :clock\n") == [
                "test.session:1: error: #= with no question above it: ask it first with #?"
            ])
        #expect(
            try quizProblems("#? Where?\n#= no blank\n> :clock\n") == [
                "test.session:1: error: no ??? in the question's #= lines: put it where the answer is"
            ])
        #expect(
            try quizProblems("#? Two?\n#= ??? and ???\n> :clock\n") == [
                "test.session:1: error: ??? 2 times in the question's #= lines: one answer a question (ask another with #?)"
            ])
        #expect(
            try quizProblems("> :clock\n#? Too late?\n#= ???\n") == [
                "test.session:2: error: a question after the last input: no command below prints its answer"
            ])
        #expect(
            try quizProblems("# Only narration.\n> :clock\n") == [
                "test.session: error: not a quiz: no question (#? …, then #= with ???) in it; see Docs/sessions.md#quizzes"
            ])
    }

    /// The answer is the one cell the blank stands for, read from the output, and compared loosely.
    @Test func theAnswerIsReadFromWhatWasPrinted() throws {
        let read = try quiz(
            """
            #? Title?
            #= ┌─ Orders (???) ─[..]
            #? First column?
            #= delegate[..]  ???  [..]
            #? Last column?
            #= delegate[..]  ???
            #? Two lines?
            #= observable
            #=   second view: ???
            > :clock
            """)
        let printed = [
            "┌─ Orders (100) ─────────┐",
            "backend   second view  how",
            "delegate  replaces     one weak delegate",
            "observable",
            "  second view: adds",
        ]
        func answer(_ index: Int) -> Quiz.Reading { read.questions[index].read([printed]) }
        #expect(answer(0) == .found(answer: "100", lines: ["┌─ Orders (100) ─────────┐"]))
        #expect(answer(1) == .found(answer: "replaces", lines: ["delegate  replaces     one weak delegate"]))
        #expect(answer(2) == .found(answer: "one weak delegate", lines: ["delegate  replaces     one weak delegate"]))
        #expect(answer(3) == .found(answer: "adds", lines: ["observable", "  second view: adds"]))
        #expect(read.questions[0].read([["┌─ Orders ───┐"]]) == .missing)
        #expect(
            read.questions[0].read([["┌─ Orders (1) ─┐"], ["┌─ Orders (2) ─┐"]]) == .ambiguous(answers: ["1", "2"]))
        #expect(read.questions[0].grade(" 100 ", against: [printed]) == .right)
        #expect(read.questions[0].grade("10", against: [printed]) == .wrong)
        #expect(read.questions[0].grade("", against: [printed]) == .skipped)
        #expect(read.questions[0].grade("100", against: [["nothing"]]) == .unanswerable)
        #expect(Quiz.accepts("Replaces", for: "replaces"))
        #expect(Quiz.accepts("1000", for: "1,000"))
        #expect(Quiz.accepts("100", for: "100 rows"))
        #expect(Quiz.accepts("2", for: "2 (for the gone view)"))
        #expect(!Quiz.accepts("1", for: "1 message dropped, 1 turn for nobody"))
        #expect(Quiz.accepts("0", for: "none"))
        #expect(!Quiz.accepts("1", for: "none"))
        #expect(!Quiz.accepts("hears", for: "hears nothing"))
    }

    /// An answer is marked against what the command printed live, not against what the file expects.
    @Test func answersAreMarkedAgainstTheRunNotTheFile() throws {
        // The file's sheet says 5 orders; the load prints 3.
        let text = """
            #? How many orders?
            #= ┌─ Orders (???) ─[..]
            > orders load 3
            ┌─ Orders (5) ─[..]
            """
        let right = take(try quiz(text), answers: ["3"])
        #expect(right.score == QuizRunner.Score(right: 1, finished: true))
        #expect(right.shown.contains("Question 1: ✓ right: 3\n    ┌─ Orders (3) ───"))
        let wrong = take(try quiz(text), answers: ["5"])
        #expect(wrong.score == QuizRunner.Score(wrong: 1, finished: true))
        #expect(wrong.shown.contains("Question 1: ✗ wrong: you said 5; the run printed 3\n"))
    }

    /// The quiz asks before the commands run, marks after the last one the question reads, and counts at the end.
    @Test func aQuizAsksRunsAndMarks() throws {
        let (shown, score) = take(
            try quiz(
                """
                # Hello.
                #? How many orders?
                #= ┌─ Orders (???) ─[..]
                #? How many hops?
                #= delegate: ??? hops ([..])
                > orders load 3
                > :timeline
                #? And the clock?
                #= clock: ???
                > :clock
                """),
            answers: ["3", "5", ""])
        #expect(score == QuizRunner.Score(right: 1, wrong: 1, skipped: 1, finished: true))
        let asked = try #require(shown.firstRange(of: "Question 2 of 3: How many hops?"))
        let ran = try #require(shown.firstRange(of: "bindlab(delegate)> orders load 3"))
        let marked = try #require(shown.firstRange(of: "Question 2: ✗ wrong: you said 5; the run printed 6"))
        #expect(asked.lowerBound < ran.lowerBound)
        #expect(ran.lowerBound < marked.lowerBound)
        #expect(shown.contains("Question 3: · skipped: the run printed auto"))
        #expect(shown.hasSuffix("\nScore: 1 of 3 right (1 wrong, 1 skipped)\n"))
    }

    /// Ctrl-D while answering ends the quiz with the score so far, and the command asked about does not run.
    @Test func endOfInputEndsTheQuiz() throws {
        let (shown, score) = take(
            try quiz("#? A?\n#= clock: ???\n> :clock\n#? B?\n#= network: ???\n> :net\n"), answers: ["auto"])
        #expect(score == QuizRunner.Score(right: 1, finished: false))
        #expect(shown.contains("(the quiz ends at question 2 of 2)"))
        #expect(!shown.contains("> :net"))
        #expect(shown.hasSuffix("Score: 1 of 1 right\n"))
    }

    /// On the command line: one quiz at a time, answers from stdin; --answers for the teacher; errors said.
    @Test func theQuizSubcommand() throws {
        let folder = try TemporaryFolder()
        let file = try folder.write("q.session", "#? Clock?\n#= clock: ???\n> :clock\n")
        let taken = runCLI(["quiz", file], stdin: ["manual"])
        #expect(taken.status == 0)
        #expect(taken.text.contains("your answer: manual\n"))
        #expect(taken.text.contains("Question 1: ✗ wrong: you said manual; the run printed auto"))
        let sheet = runCLI(["quiz", "--answers", folder.path])
        #expect(sheet.text == "#### `\(file)`\n\n1. Clock? — **auto**\n")
        #expect(runCLI(["quiz", folder.path]).text.contains("one quiz at a time"))
        #expect(runCLI(["quiz", file, file]).status == 2)
        let plain = try folder.write("plain.session", "# No question.\n> :clock\n")
        #expect(runCLI(["quiz", plain]).text.contains("not a quiz"))
        #expect(runCLI(["quiz", "--answers", "--width", "100", file]).text.contains("no --width"))
    }
}

/// The quizzes shipped in `Sessions/quizzes`.
enum ShippedQuizzes {
    static let names = ShippedSessions.names.filter { $0.hasPrefix("Sessions/quizzes/") }
    static let checked = names.isEmpty ? [ShippedSessions.missing] : names

    static func load(_ name: String) throws -> Quiz {
        try Quiz(try Session.load(ShippedSessions.folder + "/" + name.dropFirst("Sessions/".count), name: name))
    }
}

@Suite struct ShippedQuizzesTests {
    /// On every backend, each question of each quiz reads one answer from the live run, which is marked
    /// right and anything else wrong; and the run prints what the quiz's sheet expects.
    @Test(arguments: ShippedQuizzes.checked, BackendRegistry.inAll.map(\.info.id))
    func everyQuestionHasOneAnswerOnEveryBackend(name: String, backend id: String) throws {
        try #require(name != ShippedSessions.missing, "no quiz was found")
        let quiz = try ShippedQuizzes.load(name)
        let backend = try #require(BackendRegistry.backend(id))
        let outputs = SessionRunner.outputs(of: quiz.session, on: [backend])
        for (block, output) in zip(quiz.session.blocks, outputs) {
            #expect(block.matches(output, for: id), "\(name):\(block.line + 1) '\(block.input)' on \(id)")
        }
        for question in quiz.questions {
            let printed = Array(outputs[question.blocks])
            guard case .found(let answer, _) = question.read(printed) else {
                Issue.record("\(name):\(question.line) reads \(question.read(printed)) on \(id)")
                continue
            }
            #expect(question.grade(answer, against: printed) == .right)
            #expect(question.grade(answer + " and more", against: printed) == .wrong)
        }
    }

    /// At least eight quizzes, one per approach (a quiz uses it) and the experiments'.
    @Test func aQuizForEveryApproach() throws {
        #expect(ShippedQuizzes.names.count >= 8)
        var used: Set<String> = []
        for name in ShippedQuizzes.names {
            for input in try ShippedQuizzes.load(name).session.inputs where input.hasPrefix(":use ") {
                used.formUnion(input.dropFirst(5).split(separator: ",").map(String.init))
            }
        }
        let approaches = Set(BackendRegistry.all.map(\.info.approach))
        #expect(approaches.subtracting(used).isEmpty, "no quiz uses \(approaches.subtracting(used).sorted())")
        #expect(ShippedQuizzes.names.contains("Sessions/quizzes/11-experiments.session"))
    }
}
