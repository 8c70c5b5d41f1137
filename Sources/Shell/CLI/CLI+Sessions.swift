import BindingKit
import CommandLineOptions
import Playground

/// The session subcommands: `bindlab run`, `check` and `present`.
extension CLI {
    /// `run FILE…|DIR…`, `check [--update] FILE…|DIR…`, `present FILE`.
    static func runSessions(_ arguments: ParsedArguments, _ environment: Environment) throws(ShellError) {
        let output = environment.output
        let backends = try self.backends(arguments, all: false)
        let width = try self.width(arguments)
        let color = colorWanted(arguments, environment)
        let files = arguments.operands
        let writable = try self.writableFolder(arguments)
        switch arguments.subcommand {
        case .present:
            guard let session = loadReporting(files[0], output) else {
                throw .failuresReported(in: files[0])
            }
            let terminal = environment.interactive ? TerminalKeys(descriptor: 0) : nil
            defer { terminal?.restore() }
            let keys: any KeySource = terminal ?? LineKeys(environment.input())
            let presenter = Presenter(session: session, backends: backends, output: output, color: color, keys: keys)
            presenter.fixedColumns = width
            presenter.writableFolder = writable
            // `!` on a terminal: the editor, as at bindlab's own prompt.
            if terminal != nil { presenter.livePrompt = { environment.editor(ShellCompletion(), color) } }
            _ = presenter.run()
        case .run where arguments.value(.cast) != nil:
            try cast(arguments, environment)
        case .run:
            var failed = false
            let paths = expand(files, output, &failed)
            // Several files, or a folder: each transcript under its file's name, as `head` does.
            let named = paths.count > 1 || files.contains(where: SessionFiles.isDirectory)
            for (index, file) in paths.enumerated() {
                guard let session = loadReporting(file, output) else {
                    failed = true
                    continue
                }
                if index > 0 { output.write("\n", to: .standard) }
                if named { output.write("==> \(file) <==\n", to: .standard) }
                let shell = Shell(backends: backends, data: DataEnvironment(), output: output, color: color)
                shell.fixedColumns = width
                shell.sessions.writableFolder = writable
                if !shell.replay(session, typed: true) { failed = true }
            }
            if failed { throw .failuresReported(in: "the sessions run") }
        default:
            try check(
                files, backends: backends, update: arguments.has(.update), color: color,
                schedule: environment.checks, output)
        }
    }

    /// `check [--update]`: each session on each backend, a fresh shell each time.
    ///
    /// The files are read first and checked at once on every core
    /// (`SessionRunner.check(_:on:schedule:)`); what is said, and in what
    /// order, is what checking them one by one says. Once `--update` has
    /// written a file, each file after it is read and checked again when its
    /// turn comes, as it is then (it may be the file written, or `:run` it).
    private static func check(
        _ files: [String], backends: [any BindingBackend], update: Bool, color: Bool,
        schedule: SessionRunner.Schedule, _ output: any OutputSink
    ) throws(ShellError) {
        let style = Style(enabled: color)
        var broken = false
        var passed = 0
        var failures: [(file: String, backends: [String], broken: Bool)] = []
        func notChecked(_ path: String) {
            broken = true
            failures.append((path, backends.map(\.info.id), true))
        }
        let paths = expand(files, output, &broken)
        let loaded = paths.map { try? Session.load($0) }
        var checked = SessionRunner.check(loaded.compactMap(\.self), on: backends, schedule: schedule)
            .makeIterator()
        var wrote = false
        for (path, read) in zip(paths, loaded) {
            let early = read.map { ($0, checked.next() ?? []) }
            var session: Session
            var outcomes: [SessionRunner.Outcome]
            if !wrote, let early {
                (session, outcomes) = early
            } else {
                // Read now: as it is after what --update wrote, else to say why it cannot be.
                guard let now = loadReporting(path, output) else {
                    notChecked(path)
                    continue
                }
                session = now
                outcomes = SessionRunner.check([session], on: backends, schedule: schedule)[0]
            }
            if update, outcomes.contains(where: { !$0.passed }) {
                let runs = outcomes.map { (backend: $0.backend, blocks: $0.outputs) }
                if let lines = session.rewritten(expecting: runs, timed: CommandRegistry.printsTimings) {
                    let written: String
                    do {
                        written = try SessionFiles.replace(path, with: session.text(of: lines))
                    } catch {
                        output.write("\(path): error: \(error.message)\n", to: .error)
                        notChecked(path)
                        continue
                    }
                    wrote = true
                    let link = written == path ? "" : " (the file it links to: \(written))"
                    output.write("updated \(path)\(link)\n", to: .standard)
                    // Checked again, as written: what --update wrote must pass.
                    guard let updated = loadReporting(path, output) else {
                        notChecked(path)
                        continue
                    }
                    session = updated
                    outcomes = SessionRunner.check([session], on: backends, schedule: schedule)[0]
                }
            }
            for outcome in outcomes where !outcome.passed {
                output.write(outcome.report(style: style).joined(separator: "\n") + "\n", to: .standard)
            }
            passed += outcomes.count { $0.passed }
            let failed = outcomes.filter { !$0.passed }.map(\.backend)
            if !failed.isEmpty { failures.append((path, failed, false)) }
        }
        for failure in failures {
            let which =
                failure.broken ? "(not checked: see its errors)" : "on \(failure.backends.joined(separator: ", "))"
            output.write(style.red("failed: \(failure.file) \(which)") + "\n", to: .standard)
        }
        let failed = failures.reduce(0) { $0 + $1.backends.count }
        output.write("\(passed) passed, \(failed) failed\n", to: .standard)
        SetupVerdict(backends: backends.map(\.info.id), sessions: paths.count, failing: failures, errors: broken)
            .say(to: output, style: style)
        if broken { throw .failuresReported(in: "the sessions checked") }
        if failed > 0 { throw .checkFailed(count: failed) }
    }

    /// `--allow-write DIR`: the folder the sessions may create files in; it must be one.
    private static func writableFolder(_ arguments: ParsedArguments) throws(ShellError) -> String? {
        guard let folder = arguments.value(.allowWrite) else { return nil }
        guard SessionFiles.isDirectory(folder) else {
            throw .badCommandLine(
                problem: .badValue(
                    option: Option.allowWrite.name, problem: "'\(folder.fitted(to: 48))' is not a folder"))
        }
        return folder
    }

    /// The files named, folders replaced by the sessions in them.
    static func expand(_ files: [String], _ output: any OutputSink, _ failed: inout Bool) -> [String] {
        var paths: [String] = []
        for file in files {
            guard SessionFiles.isDirectory(file) else {
                paths.append(file)
                continue
            }
            do {
                let found = try SessionFiles.sessions(in: file)
                if found.isEmpty {
                    output.write("\(file): error: no .session files in this folder\n", to: .error)
                    failed = true
                }
                paths += found
            } catch {
                output.write("\(file): error: \(error.message)\n", to: .error)
                failed = true
            }
        }
        return paths
    }

    /// The session at `path`, or nil after reporting what is wrong with it.
    private static func loadReporting(_ path: String, _ output: any OutputSink) -> Session? {
        do {
            return try Session.load(path)
        } catch {
            output.write(error.description + "\n", to: .error)
            return nil
        }
    }
}
