import BindingKit
import Playground

/// The session subcommands: `bindlab run`, `check` and `present`.
extension CLI {
    static let sessionCommands: Set = ["run", "check", "present"]

    /// Runs `bindlab COMMAND ARGUMENTS…`.
    ///
    /// - Parameters:
    ///   - backendList: a `--backend` given before the command.
    ///   - color: false when `--no-color` came before the command.
    static func runSessions(
        _ command: String, _ arguments: [String], backendList: String?, width: Int?, color: Bool,
        _ environment: Environment
    ) -> Int32 {
        let output = environment.output
        var backendList = backendList
        var width = width
        var color = color
        var update = false
        var files: [String] = []
        var arguments = arguments[...]
        var optionsEnded = false
        while let argument = arguments.popFirst() {
            switch argument {
            case _ where optionsEnded || !argument.hasPrefix("-") || argument == "-":
                files.append(argument)
            case "--":
                optionsEnded = true
            case "--no-color", "--no-colour":
                color = false
            case "--update" where command == "check":
                update = true
            case "--backend":
                guard let value = arguments.popFirst() else { return fail("--backend needs a value", output) }
                backendList = value
            case _ where argument.hasPrefix("--backend="):
                backendList = String(argument.dropFirst("--backend=".count))
            case "--width":
                guard let value = arguments.popFirst() else { return fail("--width needs a number of columns", output) }
                guard let columns = parseWidth(value, output) else { return ExitCode.failure.rawValue }
                width = columns
            case _ where argument.hasPrefix("--width="):
                guard let columns = parseWidth(String(argument.dropFirst("--width=".count)), output) else {
                    return ExitCode.failure.rawValue
                }
                width = columns
            default:
                return fail("\(command): unknown option '\(argument.fitted(to: 32))'", output)
            }
        }
        let backends: [any BindingBackend]
        do {
            backends =
                try backendList.map { list throws(ShellError) in try BackendRegistry.resolve(list) }
                ?? [BackendRegistry.defaultBackend]
        } catch {
            return fail(error.message, output)
        }
        guard !files.isEmpty else { return fail("\(command): name a session file", output) }
        if command == "check", width != nil {
            return fail(
                "check: --width would change what the sessions print; a session states its own with :width N",
                output)
        }
        color = Style.colorWanted(
            flag: color, environment: environment.variables, outputIsTerminal: environment.outputIsTerminal)

        switch command {
        case "present":
            guard files.count == 1 else { return fail("present: one file at a time", output) }
            guard let session = loadReporting(files[0], output) else { return ExitCode.failure.rawValue }
            let terminal = environment.interactive ? TerminalKeys(descriptor: 0) : nil
            defer { terminal?.restore() }
            let keys: any KeySource = terminal ?? LineKeys(environment.input())
            let presenter = Presenter(session: session, backends: backends, output: output, color: color, keys: keys)
            presenter.fixedColumns = width
            return presenter.run()
        case "run":
            var status = ExitCode.success
            let paths = expand(files, output, &status)
            // Several files, or a folder: each transcript under its file's name, as `head` does.
            let named = paths.count > 1 || files.contains(where: SessionFiles.isDirectory)
            for (index, file) in paths.enumerated() {
                guard let session = loadReporting(file, output) else {
                    status = .failure
                    continue
                }
                if index > 0 { output.write("\n", to: .standard) }
                if named { output.write("==> \(file) <==\n", to: .standard) }
                let shell = Shell(backends: backends, data: DataEnvironment(), output: output, color: color)
                shell.fixedColumns = width
                if !shell.replay(session) { status = .failure }
            }
            return status.rawValue
        default:
            return check(files, backends: backends, update: update, color: color, output)
        }
    }

    /// `check [--update]`: each session on each backend, a fresh shell each time.
    private static func check(
        _ files: [String], backends: [any BindingBackend], update: Bool, color: Bool, _ output: any OutputSink
    ) -> Int32 {
        let style = Style(enabled: color)
        var status = ExitCode.success
        var passed = 0
        var failures: [(file: String, backends: [String], broken: Bool)] = []
        let paths = expand(files, output, &status)
        for path in paths {
            guard var session = loadReporting(path, output) else {
                status = .failure
                failures.append((path, backends.map(\.info.id), true))
                continue
            }
            var outcomes = backends.map { SessionRunner.check(session, on: $0) }
            if update, outcomes.contains(where: { !$0.passed }) {
                let runs = outcomes.map { (backend: $0.backend, blocks: $0.outputs) }
                if let lines = session.rewritten(expecting: runs) {
                    do {
                        try SessionFiles.replace(path, with: session.text(of: lines))
                    } catch {
                        output.write("\(path): error: \(error.message)\n", to: .error)
                        status = .failure
                        failures.append((path, backends.map(\.info.id), true))
                        continue
                    }
                    output.write("updated \(path)\n", to: .standard)
                    // Checked again, as written: what --update wrote must pass.
                    guard let updated = loadReporting(path, output) else {
                        status = .failure
                        failures.append((path, backends.map(\.info.id), true))
                        continue
                    }
                    session = updated
                    outcomes = backends.map { SessionRunner.check(session, on: $0) }
                }
            }
            for outcome in outcomes where !outcome.passed {
                output.write(outcome.report(style: style).joined(separator: "\n") + "\n", to: .standard)
            }
            passed += outcomes.count { $0.passed }
            let failed = outcomes.filter { !$0.passed }.map(\.backend)
            if !failed.isEmpty {
                failures.append((path, failed, false))
                if status == .success { status = .checkFailed }
            }
        }
        for failure in failures {
            let which =
                failure.broken ? "(not checked: see its errors)" : "on \(failure.backends.joined(separator: ", "))"
            output.write(style.red("failed: \(failure.file) \(which)") + "\n", to: .standard)
        }
        let failed = failures.reduce(0) { $0 + $1.backends.count }
        output.write("\(passed) passed, \(failed) failed\n", to: .standard)
        return status.rawValue
    }

    /// The files named, folders replaced by the sessions in them.
    private static func expand(_ files: [String], _ output: any OutputSink, _ status: inout ExitCode) -> [String] {
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
                    status = .failure
                }
                paths += found
            } catch {
                output.write("\(file): error: \(error.message)\n", to: .error)
                status = .failure
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
