import BindingKit
import CommandLineOptions
import Experiments
import Kit
import Playground

/// `bindlab kit …`: the workshop's kit (Docs/workshop.md, "The kit").
extension CLI {
    /// What `kit` takes first.
    static let kitActions = ["new", "verify", "watch", "list", "solve", "selfcheck"]

    static func runKit(_ arguments: ParsedArguments, _ environment: Environment) throws(ShellError) {
        let words = arguments.operands
        let action = words[0]
        let rest = Array(words.dropFirst())
        guard kitActions.contains(action) else {
            throw .badUsage(
                problem: "kit has no '\(action)'"
                    + (Suggestion.nearest(to: action, in: kitActions).map { " (did you mean \($0)?)" } ?? ""),
                forms: kitActions)
        }
        let folder = try kitFolder(environment)
        let style = Style(enabled: colorWanted(arguments, environment))
        let output = environment.output
        let swift = KitProcess.find("swift", path: environment.variables["PATH"])
        switch action {
        case "new":
            guard rest.count == 1 else {
                throw .badUsage(problem: "kit new takes one name", forms: ["kit new NAME [--from delegate|blank]"])
            }
            try newKit(
                rest[0], from: arguments.value(.from) ?? "delegate", force: arguments.has(.force), folder, output)
        case "verify":
            let task = try taskNumber(rest, optional: true, action)
            let verify = KitVerify(folder: folder, output: output, style: style)
            if arguments.has(.noBuild) {
                try verify.gradeHere(task: task, json: arguments.has(.json))
            } else {
                _ = try verify.loadState()
                try verify.buildAndGrade(task: task, json: arguments.has(.json), swift: swift)
            }
        case "watch":
            try noOperands(rest, action)
            let mode: KitWatch.Mode = arguments.has(.manual) ? .manual : arguments.has(.poll) ? .poll : .notified
            let verify = KitVerify(folder: folder, output: output, style: style)
            _ = try verify.loadState()
            let watch = KitWatch(folder: folder, output: output, style: style, mode: mode) { task throws(ShellError) in
                try verify.buildAndGrade(task: task, json: false, swift: swift)
            }
            try watch.run(interactive: environment.interactive)
        case "list":
            try noOperands(rest, action)
            let state = try KitVerify(folder: folder, output: output, style: style).loadState()
            output.write(KitText.list(state, style: style).joined(separator: "\n") + "\n", to: .standard)
        case "solve":
            guard let task = try taskNumber(rest, optional: false, action) else { return }
            try solve(task, force: arguments.has(.force), folder, style: style, output)
        default:
            try noOperands(rest, action)
            try KitSelfcheck(root: folder.root, output: output, style: style, swift: swift)
                .run(inPlace: arguments.has(.inPlace))
        }
    }

    /// The kit of the package this bindlab was built from: the backend it
    /// grades is compiled from there.
    private static func kitFolder(_ environment: Environment) throws(ShellError) -> KitFolder {
        if let root = environment.kitRoot { return KitFolder(root: root) }
        guard let sources = PackageSources.locate([.built]) else {
            throw .actionFailed(
                reason: "the kit works in the repository bindlab was built from, which is not there any more")
        }
        return KitFolder(root: sources.root)
    }

    private static func taskNumber(_ words: [String], optional: Bool, _ action: String) throws(ShellError) -> Int? {
        let forms = ["kit \(action) \(optional ? "[TASK]" : "TASK")"]
        guard words.count <= 1 else { throw .badUsage(problem: "kit \(action) takes one task at most", forms: forms) }
        guard let word = words.first else {
            if optional { return nil }
            throw .badUsage(problem: "kit \(action) needs a task's number", forms: forms)
        }
        guard let number = Int(word), Curriculum.task(number) != nil else {
            throw .badNumber(what: "a task", text: word, range: 1...Curriculum.tasks.count)
        }
        return number
    }

    private static func noOperands(_ words: [String], _ action: String) throws(ShellError) {
        guard words.isEmpty else {
            throw .badUsage(problem: "kit \(action) takes nothing after it", forms: ["kit \(action)"])
        }
    }

    /// `kit new NAME [--from delegate|blank] [--force]`.
    private static func newKit(
        _ name: String, from: String, force: Bool, _ folder: KitFolder, _ output: any OutputSink
    ) throws(ShellError) {
        let taken = BackendRegistry.ids.filter { id in
            // The kit's own backend, built in, is not taken: `--force` remakes it.
            (try? folder.state()).flatMap { $0 }?.name != id
        }
        if let problem = KitFolder.problem(with: name, taken: taken) { throw .actionFailed(reason: problem) }
        do {
            _ = try folder.create(name: name, from: from, force: force)
        } catch {
            throw .actionFailed(reason: error.message)
        }
        let files = folder.sources
        output.write(
            """
            kit \(name): the \(from) template, in \(KitFolder.slotPath)/ (git-ignored but for its placeholder):
            \(files.map { "  " + $0 }.joined(separator: "\n"))
            Once built, `\(name)` is a backend like the others: --backend \(name), :use \(name), :probe, check --backend \(name), the matrix.
            Next: `bindlab kit verify` builds and grades task 1; `bindlab kit watch` does it on every save.

            """, to: .standard)
    }

    /// `kit solve TASK [--force]`: the reference solution's files of TASK into the kit.
    private static func solve(
        _ task: Int, force: Bool, _ folder: KitFolder, style: Style, _ output: any OutputSink
    ) throws(ShellError) {
        let state = try KitVerify(folder: folder, output: output, style: style).loadState()
        let files = folder.files(of: task, name: state.name)
        guard force else {
            throw .actionFailed(
                reason: "kit solve \(task) writes the reference solution over your "
                    + files.joined(separator: ", ")
                    + ": --force does it (kit watch's x puts them back as the task began)")
        }
        do {
            try folder.snapshot(task: task)
            try folder.installReference(of: task, name: state.name)
        } catch {
            throw .actionFailed(reason: error.message)
        }
        output.write(
            "task \(task)'s reference solution written: \(files.joined(separator: ", ")); `bindlab kit verify` grades it\n",
            to: .standard)
    }
}
