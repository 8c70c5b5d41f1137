#if canImport(Glibc)
    import Glibc
#endif
import BindingKit
import Playground
import Catalog
public import LineEditing

/// The command line: `bindlab [OPTIONS] [-c 'CMD; CMD']`.
///
/// `main.swift` calls `CLI.run`; everything it needs from the process (the
/// arguments, the environment, the streams) comes in through `Environment`,
/// so the command line is tested in-process.
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

    static let usage = """
        usage: bindlab [--backend NAME[,NAME…]|all] [--width N] [--no-color] [-c 'CMD; CMD…']
               bindlab run [--backend LIST] [--width N] FILE…|DIR…
               bindlab check [--backend LIST] [--update] FILE…|DIR…
               bindlab present [--backend LIST] [--width N] FILE
               bindlab matrix [--backend LIST] [--width N] [--markdown [--update FILE]]
               bindlab bench [--backend LIST] [--json] [--quick]
               bindlab compare [--check|--update] FILE…|DIR…
               bindlab --help | --version
        """

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
          check FILE…|DIR…   replay sessions and compare with what they expect: a diff and exit 1 if not
            --backend LIST   check on each of these backends in turn (all: every backend)
            --update         rewrite the expected output to what was printed (narration, wildcards kept)
          present FILE       step through a session: Space or Enter runs the next command, b back, q quit

        Experiments (Docs/approaches/README.md):
          matrix             every experiment (:probe lists them) on every backend, or on --backend LIST,
                             in tables that fit --width N (else the terminal's, COLUMNS, or 80)
            --markdown       as the table of Docs/approaches/README.md
            --update FILE    rewrite the table in FILE, between its matrix markers
          compare FILE…|DIR… check the :compare tables of markdown pages, each under its
                             <!-- compare: BACKENDS; ACTION; … --> (Docs/commands.md): a diff, exit 1
            --update         rewrite them to what their actions cost now

        Costs (Docs/performance.md; build with -c release first):
          bench              what each backend costs, beside a direct call and other anchors (about 20 s)
            --backend LIST   only these backends (default: all)
            --json           one JSON object, for scripts
            --quick          a tiny run that shows the output's shape; its figures mean nothing

        Exit status: 0 ok, 1 a check failed, 2 a usage error or a failed script line.
        At the prompt, :help lists the commands.
        """

    /// Runs the program and returns its exit status.
    public static func run(_ environment: Environment) -> Int32 {
        let output = environment.output
        var arguments = Array(environment.arguments.dropFirst())
        var backendList: String?
        var color = true
        var commands: String?
        var width: Int?
        while let argument = arguments.first {
            arguments.removeFirst()
            switch argument {
            case "--help", "-h":
                output.write(help + "\n", to: .standard)
                return ExitCode.success.rawValue
            case "--version":
                output.write("bindlab \(version)\n", to: .standard)
                return ExitCode.success.rawValue
            case "--no-color", "--no-colour":
                color = false
            case "--backend", "-c":
                guard let value = arguments.first else {
                    return fail("\(argument) needs a value", output)
                }
                arguments.removeFirst()
                if argument == "-c" { commands = value } else { backendList = value }
            case let option where option.hasPrefix("--backend="):
                backendList = String(option.dropFirst("--backend=".count))
            case "matrix":
                return runMatrix(arguments, backendList: backendList, width: width, environment)
            case "--width":
                guard let value = arguments.first else { return fail("--width needs a number of columns", output) }
                arguments.removeFirst()
                guard let columns = parseWidth(value, output) else { return ExitCode.failure.rawValue }
                width = columns
            case let option where option.hasPrefix("--width="):
                guard let columns = parseWidth(String(option.dropFirst("--width=".count)), output) else {
                    return ExitCode.failure.rawValue
                }
                width = columns
            case "bench":
                return runBench(arguments, backendList: backendList, environment)
            case "compare":
                guard backendList == nil, width == nil else {
                    return fail("compare: each marker names its backends, at 80 columns: no --backend or --width", output)
                }
                return runCompare(arguments, color: color, environment)
            case let command where sessionCommands.contains(command):
                return runSessions(
                    command, arguments, backendList: backendList, width: width, color: color, environment)
            default:
                return fail("unknown argument '\(argument)'", output)
            }
        }
        let backends: [any BindingBackend]
        do {
            backends = try backendList.map { list throws(ShellError) in try BackendRegistry.resolve(list) }
                ?? [BackendRegistry.defaultBackend]
        } catch {
            return fail(error.message, output)
        }
        color = Style.colorWanted(
            flag: color, environment: environment.variables, outputIsTerminal: environment.outputIsTerminal)

        if let commands {
            let lines: [String]
            do {
                lines = try Tokenizer.commands(commands)
            } catch {
                return fail("-c: \(error.message)", output)
            }
            let shell = Shell(backends: backends, output: output, color: color, interrupted: environment.interrupted)
            setWidth(of: shell, width, environment)
            return shell.run(ScriptedLines(lines), name: "-c").rawValue
        }
        if environment.interactive {
            let shell = Shell(
                backends: backends, data: DataEnvironment.interactive(
                    environment.variables, warn: { output.write("warning: \($0)\n", to: .error) }),
                output: output, color: color, interrupted: environment.interrupted)
            setWidth(of: shell, width, environment)
            output.write("bindlab \(version) — :help lists the commands, Tab completes, Ctrl-D quits\n", to: .standard)
            let editor = environment.editor(ShellCompletion(), color)
            _ = shell.run(editor, name: nil)
            return ExitCode.success.rawValue
        }
        let shell = Shell(backends: backends, output: output, color: color, interrupted: environment.interrupted)
        setWidth(of: shell, width, environment)
        return shell.run(environment.input(), name: "<stdin>").rawValue
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

    /// A `--width` value, or nil after saying what is wrong with it.
    static func parseWidth(_ text: String, _ output: any OutputSink) -> Int? {
        do {
            return try Arguments.integer(text, "--width", in: Stage.columnRange)
        } catch {
            _ = fail(error.message, output)
            return nil
        }
    }

    static func fail(_ message: String, _ output: any OutputSink) -> Int32 {
        output.write("bindlab: \(message)\n\(usage)\n", to: .error)
        return ExitCode.failure.rawValue
    }
}
