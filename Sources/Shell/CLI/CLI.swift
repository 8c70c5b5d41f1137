import BindingKit
import Catalog
import CommandLineOptions
import Experiments
public import LineEditing
import Playground

/// The command line: `bindlab [SUBCOMMAND] [OPTIONS] [FILE…]`, read by the
/// one grammar of `CommandLineOptions` (Docs/commands.md).
///
/// `main.swift` calls `CLI.main`, which calls `CLI.run`; everything it needs
/// from the process (the arguments, the environment, the streams) comes in
/// through `Environment`, so the command line is tested in-process.
public enum CLI {
    public static let version = "0.1.0"

    /// What the process gives the program.
    public struct Environment {
        public var arguments: [String]
        public var variables: [String: String]
        public var output: any OutputSink
        /// Whether stdin and stdout are both terminals (libedit only then).
        public var interactive: Bool
        /// Whether stdout is a terminal (colours only then).
        public var outputIsTerminal: Bool
        /// The lines to read when not interactive (stdin).
        public var input: () -> any LineSource
        /// The editor to read from when interactive.
        public var editor: (_ completion: any CompletionProvider, _ color: Bool) -> any LineSource
        /// Asked while the clock runs and between the lines of a replayed
        /// session: was Ctrl-C pressed since the prompt last read a line?
        public var interrupted: () -> Bool
        /// The width of the terminal on stdout, asked before each command;
        /// nil when stdout is not a terminal.
        public var terminalColumns: () -> Int? = { nil }
        /// Makes Ctrl-C set the flag `interrupted` reads instead of ending
        /// the process (`Terminal.catchInterrupts`), for `bindlab bench` to
        /// say that its child stopped; nothing in tests.
        public var catchInterrupts: () -> Void = {}
        /// `bindlab-bench`, which `bindlab bench` and `:bench` run.
        public var bench = BenchProgram.besideThisProgram()
        /// The package whose kit `bindlab kit` works on; nil for the one
        /// bindlab was built from (tests give a folder of their own).
        public var kitRoot: String?
        /// How `check` runs its checks: on every core, or one by one (tests
        /// compare the two).
        var checks = SessionRunner.Schedule.parallel

        public init(
            arguments: [String], variables: [String: String], output: any OutputSink,
            interactive: Bool, outputIsTerminal: Bool, input: @escaping () -> any LineSource,
            editor: @escaping (any CompletionProvider, Bool) -> any LineSource,
            interrupted: @escaping () -> Bool
        ) {
            self.arguments = arguments
            self.variables = variables
            self.output = output
            self.interactive = interactive
            self.outputIsTerminal = outputIsTerminal
            self.input = input
            self.editor = editor
            self.interrupted = interrupted
        }
    }

    /// The usage: bindlab's line, then each subcommand's.
    static let usage =
        "usage: "
        + ([Subcommand.shell] + Subcommand.all).flatMap(\.usageLines).joined(separator: "\n       ")
        + "\n       bindlab --help | --version"

    static let help = """
        bindlab \(version): a playground for the ways a View and its ViewModel are bound.

        \(usage)

          (no arguments)     interactive on a terminal; reads a script from a pipe
          -c 'CMD; CMD…'     run these commands, then quit
          --backend LIST     start on these backends (ids separated by commas, or all)
          --width N          lay screens out for N columns (else the terminal's, COLUMNS, or 80)
          --no-color         no colours (also NO_COLOR=1, TERM=dumb, or output not a terminal)
          --help, --version

        Session scripts (Docs/sessions.md):
          run FILE…|DIR…     replay sessions, showing each command after the prompt and what it printed
            --cast FILE      write the replay to FILE as an asciicast v2 recording, a marker per step
          check FILE…|DIR…   replay sessions and compare with what they expect: a diff and exit 1 if not
            --backend LIST   check on each of these backends in turn (all: every backend)
            --update         rewrite the expected output to what was printed (narration, wildcards kept)
          present FILE       step through a session: Space or Enter runs the next command, b back, q quit
            --allow-write DIR  (run, present) let the sessions create files in DIR; else they write none
          quiz FILE          predict, then run: answer each question (#? …) before its command runs live
            --answers        the answers instead, read from live runs (several files, or a folder)

        Experiments (Docs/approaches/README.md):
          matrix             every experiment (:probe lists them) on every backend, or on --backend LIST,
                             in tables that fit --width N (else the terminal's, COLUMNS, or 80)
            --markdown       as the table of Docs/approaches/README.md
            --update FILE    rewrite the table in FILE, between its matrix markers
            --html, --json   as one page (legend, filters, a link to every cell, the evidence a click
                             away), or as data for scripts; -o FILE writes it there
          compare FILE…|DIR… check the :compare tables of markdown pages, each under its
                             <!-- compare: BACKENDS; ACTION; … --> (Docs/commands.md): a diff, exit 1
            --update         rewrite them to what their actions cost now

        Pages (one self-contained HTML file each: nothing fetched; Docs/commands.md):
          export html SESSION          the session step by step: narration, commands, every backend's screens
                                       side by side, the marbles as SVG, :compare's tables
          export diff NAME NAME [ROLE] two backends' files paired by role, side by side, what differs marked
            -o FILE          write it there (else to standard output); --backend, --width as for run
          export --check|--update PAGE…|DIR…  make pages again by the command they name; a diff, exit 1

        Costs (Docs/performance.md; runs bindlab-bench, built beside bindlab:
        swift build -c release --product bindlab-bench):
          bench              what each backend costs, beside a direct call and other anchors (about 20 s)
            --backend LIST   only these backends (default: all)
            --width N        fit its progress line to N columns (else the terminal's, COLUMNS, or 80)
            --json           one JSON object, for scripts
            --quick          a tiny run that shows the output's shape; its figures mean nothing

        The workshop (Docs/workshop.md):
          handout            the attendees' page: how to start, the commands, the keys, the approaches
            FILE, --check    whether FILE's generated parts (the handout, the quizzes' answers) are current
            --update FILE    make them again

        The workshop's kit (Docs/workshop.md, "The kit"): write a backend of your own, graded task by task:
          kit new NAME       scaffold it in Sources/Backends/Workshop (git-ignored), registered as NAME
            --from delegate|blank   start from the delegate approach (default) or from nothing
            --force          replace the kit in progress (its files are deleted)
          kit verify [TASK]  build, then grade the tasks in order (or TASK): the first failure only
            --json           every task and check, for the teacher (Exercism's results.json, version 3)
          kit watch          rebuild and verify on every save; keys h hint, n next task, l list, r rerun,
                             x reset the task's files, q quit (--poll: look at the files; --manual: r only)
          kit list           the tasks, done or pending
          kit solve TASK     the reference solution's files of TASK into your kit (--force)
          kit selfcheck      the kit's own check, in a scratch copy: the template fails every task, in order,
                             the reference passes (--in-place: in this package's slot, empty; CI)

        Every option is written the same wherever it is taken: --width N or --width=N, before or
        after the subcommand; -- ends the options (Docs/commands.md).
        Exit status: 0 ok, 1 a check failed, 2 a usage error or a failed script line.
        At the prompt, :help lists the commands.
        """

    /// Runs the program and returns its exit status.
    public static func run(_ environment: Environment) -> ExitCode {
        let words = Array(environment.arguments.dropFirst())
        // Hidden: the child process an experiment runs a trapping wiring in.
        if words.first == Isolation.subcommand {
            let known = Isolation.runChild(Array(words.dropFirst())) {
                environment.output.write($0 + "\n", to: .standard)
            }
            return known ? .success : .failure
        }
        var subcommand = OptionParser.subcommand(of: words)
        do throws(ShellError) {
            let arguments: ParsedArguments
            do {
                arguments = try OptionParser.parse(words)
            } catch {
                throw .badCommandLine(problem: error)
            }
            subcommand = arguments.subcommand
            if arguments.has(.help) {
                environment.output.write(help + "\n", to: .standard)
            } else if arguments.has(.version) {
                environment.output.write("bindlab \(version)\n", to: .standard)
            } else {
                try run(arguments, environment)
            }
            return .success
        } catch {
            report(error, of: subcommand, environment.output)
            return error.exitCode
        }
    }

    /// Runs what the arguments name.
    static func run(_ arguments: ParsedArguments, _ environment: Environment) throws(ShellError) {
        switch arguments.subcommand {
        case .run, .check, .present: try runSessions(arguments, environment)
        case .quiz: try runQuiz(arguments, environment)
        case .handout: try runHandout(arguments, environment)
        case .matrix: try runMatrix(arguments, environment)
        case .bench:
            let backends = try self.backends(arguments, all: true)
            let width = outputWidth(try self.width(arguments), environment)
            environment.catchInterrupts()
            try environment.bench.run(
                BenchProgram.arguments(
                    backends: backends.map(\.info.id), width: width, json: arguments.has(.json),
                    quick: arguments.has(.quick)),
                output: environment.output)
        case .compare: try runCompare(arguments, environment)
        case .export: try runExport(arguments, environment)
        case .kit: try runKit(arguments, environment)
        default: try runShell(arguments, environment)
        }
    }

    /// `bindlab [--backend LIST] [--width N] [--no-color] [-c 'CMD; CMD…']`:
    /// the commands of `-c`, else the prompt on a terminal, else the lines of stdin.
    static func runShell(_ arguments: ParsedArguments, _ environment: Environment) throws(ShellError) {
        let output = environment.output
        let backends = try self.backends(arguments, all: false)
        let width = try self.width(arguments)
        let color = colorWanted(arguments, environment)
        if let commands = arguments.value(.commands) {
            // A quote left open is reported as a pipe reports it: at its line
            // (`-c:2: error: unbalanced " quote…`), after the commands before it.
            let lines = (try? Tokenizer.commands(commands, keepingTheUnreadable: true)) ?? [commands]
            let shell = Shell(backends: backends, output: output, color: color, interrupted: environment.interrupted)
            shell.bench = environment.bench
            setWidth(of: shell, width, environment)
            guard shell.run(ScriptedLines(lines), name: "-c") == .success else { throw .failuresReported(in: "-c") }
            return
        }
        if environment.interactive {
            let shell = Shell(
                backends: backends,
                data: DataEnvironment.interactive(
                    environment.variables, warn: { output.write("warning: \($0)\n", to: .error) }),
                output: output, color: color, interrupted: environment.interrupted)
            shell.bench = environment.bench
            setWidth(of: shell, width, environment)
            output.write("bindlab \(version) — :help lists the commands, Tab completes, Ctrl-D quits\n", to: .standard)
            let editor = environment.editor(ShellCompletion(), color)
            _ = shell.run(editor, name: nil)
            return
        }
        let shell = Shell(backends: backends, output: output, color: color, interrupted: environment.interrupted)
        shell.bench = environment.bench
        setWidth(of: shell, width, environment)
        guard shell.run(environment.input(), name: "<stdin>") == .success else {
            throw .failuresReported(in: "<stdin>")
        }
    }

    // MARK: The shared options

    /// `--backend LIST`; without it, the default backend, or every backend when `all`.
    static func backends(_ arguments: ParsedArguments, all: Bool) throws(ShellError) -> [any BindingBackend] {
        guard let list = arguments.value(.backend) else {
            return all ? BackendRegistry.inAll : [BackendRegistry.defaultBackend]
        }
        return try BackendRegistry.resolve(list)
    }

    /// `--width N`, checked against the widths screens are laid out for.
    static func width(_ arguments: ParsedArguments) throws(ShellError) -> Int? {
        do {
            return try arguments.number(.width, in: Stage.columnRange)
        } catch {
            throw .badCommandLine(problem: error)
        }
    }

    /// Whether colours are wanted: not with `--no-color`, `NO_COLOR`,
    /// `TERM=dumb` or output that is not a terminal.
    static func colorWanted(_ arguments: ParsedArguments, _ environment: Environment) -> Bool {
        Style.colorWanted(
            flag: !arguments.has(.noColor), environment: environment.variables,
            outputIsTerminal: environment.outputIsTerminal)
    }

    /// The width a live shell lays its output out for: `--width`, else the
    /// terminal's (asked before each command), else `COLUMNS`, else 80.
    static func setWidth(of shell: Shell, _ width: Int?, _ environment: Environment) {
        if let text = environment.variables["COLUMNS"], let columns = Int(text),
            Stage.columnRange.contains(columns)
        {
            shell.fallbackColumns = columns
            shell.fallbackIsFromEnvironment = true
        }
        if environment.outputIsTerminal { shell.measureColumns = environment.terminalColumns }
        shell.fixedColumns = width
        shell.followWidth()
    }

    /// The width of output that is not a shell's (the matrix, the bench's
    /// progress line): `--width`, else the terminal's, else `COLUMNS`, else 80.
    static func outputWidth(_ width: Int?, _ environment: Environment) -> Int {
        if let width { return width }
        if environment.outputIsTerminal, let columns = environment.terminalColumns(),
            Stage.columnRange.contains(columns)
        {
            return columns
        }
        if let text = environment.variables["COLUMNS"], let columns = Int(text),
            Stage.columnRange.contains(columns)
        {
            return columns
        }
        return Stage.defaultColumns
    }

    // MARK: Errors

    /// Says `error` on stderr as `bindlab: SUBCOMMAND: message`, with the
    /// subcommand's usage when the command line was at fault; nothing when it
    /// was said where it happened.
    static func report(_ error: ShellError, of subcommand: Subcommand, _ output: any OutputSink) {
        guard !error.isReported else { return }
        var text = "bindlab: " + (subcommand.name.map { "\($0): " } ?? "") + error.message + "\n"
        if error.isUsageError {
            text +=
                (subcommand == .shell ? usage : "usage: " + subcommand.usageLines.joined(separator: "\n       ")) + "\n"
        }
        output.write(text, to: .error)
    }
}
