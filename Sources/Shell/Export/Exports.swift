import BindingKit
import CommandLineOptions
import Experiments
import Playground

/// What `bindlab export` and `bindlab matrix --html|--json` make, from the
/// command line that asks for it: the page or the JSON as text, and the
/// command line that makes it again (written into it as its generator, so
/// that `bindlab export --check|--update` can).
enum Exports {
    /// One thing to export.
    enum Request: Equatable {
        /// A session's page: the session file, `--backend`, `--width`.
        case session(path: String, backends: String?, width: Int?)
        /// `:diff`'s page: `NAME NAME [ROLE]`.
        case diff(words: [String])
        /// The matrix as a page, or as JSON, on `--backend` (every backend by default).
        case matrixPage(backends: String?)
        case matrixJSON(backends: String?)
    }

    /// What an export made.
    struct Made {
        let text: String
        /// What `wrote FILE:` says of it: `19 steps`, `12 roles, 9 in both`.
        let summary: String
    }

    /// The request `bindlab export` names: `html SESSION` or `diff NAME NAME [ROLE]`.
    static func request(export arguments: ParsedArguments) throws(ShellError) -> Request {
        let operands = arguments.operands
        let width: Int?
        do {
            width = try arguments.number(.width, in: Stage.columnRange)
        } catch {
            throw .badCommandLine(problem: error)
        }
        switch operands.first {
        case "html":
            guard operands.count == 2 else {
                throw .badCommandLine(
                    problem: operands.count < 2
                        ? .missingOperand(problem: "name the session to export: html SESSION")
                        : .extraOperand(problem: "one session a page: html SESSION"))
            }
            return .session(path: operands[1], backends: arguments.value(.backend), width: width)
        case "diff":
            guard operands.count >= 3 else {
                throw .badCommandLine(problem: .missingOperand(problem: "name two backends: diff NAME NAME [ROLE]"))
            }
            for option in [Option.backend, .width] where arguments.value(option) != nil {
                throw .badCommandLine(
                    problem: .conflict(problem: "\(option.name) is for a session's page: diff names its backends"))
            }
            return .diff(words: Array(operands.dropFirst()))
        default:
            throw .badCommandLine(
                problem: .unexpectedArgument(
                    word: operands.first ?? "",
                    suggestion: Suggestion.nearest(to: operands.first ?? "", in: ["html", "diff"])))
        }
    }

    /// The command line that makes `request` again, its words in one order
    /// whatever order they were given in.
    static func generator(_ request: Request) -> String {
        var words = ["bindlab"]
        switch request {
        case .session(let path, let backends, let width):
            words +=
                ["export"] + (backends.map { ["--backend", $0] } ?? []) + (width.map { ["--width", "\($0)"] } ?? [])
            words += ["html", path]
        case .diff(let names): words += ["export", "diff"] + names
        case .matrixPage(let backends): words += ["matrix"] + (backends.map { ["--backend", $0] } ?? []) + ["--html"]
        case .matrixJSON(let backends): words += ["matrix"] + (backends.map { ["--backend", $0] } ?? []) + ["--json"]
        }
        return HTML.commandLine(words)
    }

    /// Makes what `request` asks for.
    ///
    /// - Parameters:
    ///   - root: the folder a relative session path and the package's
    ///     sources are read from; nil for the current folder (and the
    ///     package bindlab was built in, for the sources).
    ///   - shippedOnly: a matrix without `--backend` is of the backends the
    ///     repository ships, as for a page checked in (`export --check`,
    ///     `--update`): an attendee's kit in progress never lands in it.
    static func make(_ request: Request, root: String? = nil, shippedOnly: Bool = false) throws(ShellError) -> Made {
        let generator = generator(request)
        switch request {
        case .session(let path, let backends, let width):
            let session: Session
            do {
                session = try Session.load(SessionFiles.resolve(path, from: root), name: path)
            } catch {
                throw .unreadableSession(error: error)
            }
            let lanes = try backends.map { list throws(ShellError) in try BackendRegistry.resolve(list) }
            let (html, steps) = page(
                of: session, on: lanes ?? [BackendRegistry.defaultBackend], width: width, generator: generator,
                sourceRoot: root)
            return Made(text: html, summary: "\(steps) step\(steps == 1 ? "" : "s")")
        case .diff(let words):
            let page = try DiffPage.make(
                words, sourceRoot: root ?? SourceCommand.defaultSourceRoot(), generator: generator)
            return Made(text: page.html, summary: page.summary)
        case .matrixPage(let backends), .matrixJSON(let backends):
            let table = MatrixTable(running: try matrixBackends(backends, shippedOnly: shippedOnly))
            let summary = "\(table.experiments.count) experiments × \(table.backends.count) backends"
            if case .matrixPage = request {
                return Made(text: MatrixPage(table: table, generator: generator).html, summary: summary)
            }
            return Made(text: MatrixJSON.text(table, generator: generator), summary: summary)
        }
    }

    /// `--backend LIST`; without it, every backend the registry has, as
    /// `bindlab matrix` runs (an article's step that `all` leaves out has its
    /// column), or with `shippedOnly` those the repository ships.
    static func matrixBackends(_ list: String?, shippedOnly: Bool = false) throws(ShellError) -> [any BindingBackend] {
        guard let list else { return shippedOnly ? BackendRegistry.shipped : BackendRegistry.all }
        return try BackendRegistry.resolve(list)
    }

    /// A session replayed on a fresh shell, as `run` replays it, into a page.
    static func page(
        of session: Session, on backends: [any BindingBackend], width: Int?, generator: String?, sourceRoot: String?
    ) -> (html: String, steps: Int) {
        let capture = StepCapture()
        let shell = Shell(backends: backends, data: DataEnvironment(), output: capture)
        shell.fixedColumns = width
        if let sourceRoot { shell.sourceRoot = sourceRoot }
        // Replayed, as `run` does, and with no folder to write in: its lines write no files.
        shell.sessions.replaying.append(session.path)
        shell.sessions.writeRefusal = SessionState.exportRefusal
        let starting = shell.columns
        let steps = shell.exportSteps(session.blocks.map { ($0.narration, $0.input) }, capture: capture)
        let page = SessionPage(
            title: session.name, generator: generator, startedOn: backends.map(\.info.id), columns: starting,
            steps: steps, closingNarration: session.closingNarration)
        return (page.html(), steps.count)
    }
}
