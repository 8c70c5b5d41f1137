import LineEditing
import Testing

@testable import Shell

/// Runs the command line in-process with `arguments` and `stdin` lines.
func runCLI(
    _ arguments: [String], stdin: [String] = [], variables: [String: String] = [:], terminal: Bool = false,
    columns: Int? = nil, checks: SessionRunner.Schedule = .parallel
) -> (text: String, status: Int32) {
    let output = BufferedOutput()
    var environment = CLI.Environment(
        arguments: ["bindlab"] + arguments, variables: variables, output: output, interactive: terminal,
        outputIsTerminal: terminal, input: { ScriptedLines(stdin) }, editor: { _, _ in ScriptedLines(stdin) },
        interrupted: { false })
    environment.terminalColumns = { columns }
    environment.checks = checks
    let status = CLI.run(environment).rawValue
    return (output.text, status)
}

@Suite struct CLITests {
    /// `--help` and `--version` answer and exit 0.
    @Test func helpAndVersion() {
        let help = runCLI(["--help"])
        #expect(help.status == 0)
        #expect(help.text.contains("usage: bindlab"))
        let version = runCLI(["--version"])
        #expect(version.text == "bindlab \(CLI.version)\n")
    }

    /// An unknown option or a missing value is a usage error, exit 2.
    @Test func usageErrors() {
        #expect(runCLI(["--frobnicate"]).status == 2)
        #expect(runCLI(["-c"]).status == 2)
        let bad = runCLI(["--backend", "nope"])
        #expect(bad.status == 2)
        #expect(bad.text.contains("unknown backend 'nope'"))
        #expect(runCLI(["-c", "orders load; 'unbalanced"]).status == 2)
    }

    /// `-c` runs commands separated by semicolons.
    @Test func commandsFromTheCommandLine() {
        let result = runCLI(["-c", "orders load; orders select 3"])
        #expect(result.status == 0)
        #expect(result.text.contains("Details of Order #3"))
    }

    /// A piped script prints no prompt, and exits 2 naming the failing line.
    @Test func pipedScript() {
        let result = runCLI([], stdin: ["orders load", "nonsense"])
        #expect(result.status == 2)
        #expect(!result.text.contains("bindlab(delegate)>"))
        #expect(result.text.contains("<stdin>:2: error: unknown command 'nonsense'"))
    }

    /// Colours are on only on a terminal, without NO_COLOR, TERM=dumb or --no-color.
    @Test func colourRules() {
        #expect(Style.colorWanted(flag: true, environment: [:], outputIsTerminal: true))
        #expect(!Style.colorWanted(flag: true, environment: ["NO_COLOR": ""], outputIsTerminal: true))
        #expect(!Style.colorWanted(flag: true, environment: ["TERM": "dumb"], outputIsTerminal: true))
        #expect(!Style.colorWanted(flag: true, environment: [:], outputIsTerminal: false))
        #expect(!Style.colorWanted(flag: false, environment: [:], outputIsTerminal: true))
        let plain = runCLI(["-c", "nonsense"])
        #expect(!plain.text.contains("\u{1B}["))
    }
}

@Suite struct CommandLineGrammarTests {
    static let session = ShippedSessions.folder + "/02-orders-load.session"

    /// Each subcommand that runs quickly, with an option of each kind: `--name VALUE` and `--name=VALUE` print the same and end the same, end to end.
    @Test(arguments: [
        (["-c", ":width; :backends"], "--backend", "output"),
        (["-c", ":width; :backends"], "--width", "100"),
        (["run", session], "--backend", "output"),
        (["run", session], "--width", "60"),
        (["check", session], "--backend", "output"),
        (["present", session], "--width", "60"),
        (["matrix", "--backend=delegate"], "--width", "100"),
        (["matrix", "--width", "100"], "--backend", "delegate"),
    ])
    func bothSpellingsPrintTheSame(base: [String], option: String, value: String) {
        let spaced = runCLI(base + [option, value], stdin: [" ", "q"])
        let joined = runCLI(base + ["\(option)=\(value)"], stdin: [" ", "q"])
        #expect(spaced.status == joined.status)
        #expect(spaced.text == joined.text)
        #expect(!spaced.text.contains("unknown"), "\(spaced.text)")
    }

    /// An unknown option is one line naming the nearest option, then the subcommand's usage line.
    @Test func anUnknownOptionNamesTheNearestAndTheUsage() {
        let result = runCLI(["matrix", "--widht=100"])
        #expect(result.status == 2)
        #expect(
            result.text == """
                bindlab: matrix: unknown option '--widht'; did you mean '--width'?
                usage: bindlab matrix [--backend LIST] [--width N] [--markdown [--update FILE] | --html | --json] [-o FILE]

                """)
    }

    /// `--help` is taken by every subcommand; `--` ends the options.
    @Test func helpEverywhereAndDoubleDash() {
        for subcommand in ["run", "check", "present", "matrix", "bench", "compare"] {
            let result = runCLI([subcommand, "--help"])
            #expect(result.status == 0)
            #expect(result.text.hasPrefix("bindlab \(CLI.version): a playground"))
        }
        let result = runCLI(["run", "--", "--no-such-file"])
        #expect(result.status == 2)
        #expect(result.text.contains("--no-such-file: error: "))
    }
}
