import BindingKit
import CommandLineOptions
import Playground

/// `bindlab quiz FILE` and `bindlab quiz --answers FILE…|DIR…`.
extension CLI {
    static func runQuiz(_ arguments: ParsedArguments, _ environment: Environment) throws(ShellError) {
        let output = environment.output
        let backends = try self.backends(arguments, all: false)
        let width = try self.width(arguments)
        let files = arguments.operands
        if arguments.has(.answers) {
            guard width == nil else {
                throw .badCommandLine(
                    problem: .conflict(
                        problem: "--answers reads each quiz at its own width (80, or its :width): no --width"))
            }
            var failed = false
            var quizzes: [Quiz] = []
            for path in expand(files, output, &failed) {
                guard let quiz = loadQuiz(path, output) else {
                    failed = true
                    continue
                }
                quizzes.append(quiz)
            }
            if !quizzes.isEmpty {
                output.write(QuizAnswers.markdown(quizzes, on: backends).joined(separator: "\n") + "\n", to: .standard)
            }
            if failed { throw .failuresReported(in: "the quizzes read") }
            return
        }
        guard files.count == 1, !SessionFiles.isDirectory(files[0]) else {
            throw .badCommandLine(
                problem: .extraOperand(problem: "one quiz at a time, a file; --answers reads several, or a folder"))
        }
        guard let quiz = loadQuiz(files[0], output) else { throw .failuresReported(in: files[0]) }
        // Answers are typed on the terminal as lines (its own echo and
        // erase); Ctrl-C ends the quiz rather than the program.
        if environment.interactive { environment.catchInterrupts() }
        let runner = QuizRunner(
            quiz: quiz, backends: backends, output: output, color: colorWanted(arguments, environment),
            answers: environment.input(), echoAnswers: !environment.interactive,
            interrupted: environment.interrupted)
        runner.fixedColumns = width
        runner.run()
    }

    /// The quiz at `path`, or nil after reporting what is wrong with it.
    private static func loadQuiz(_ path: String, _ output: any OutputSink) -> Quiz? {
        do {
            return try Quiz(try Session.load(path))
        } catch {
            output.write(error.description + "\n", to: .error)
            return nil
        }
    }
}
