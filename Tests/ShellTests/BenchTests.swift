import Foundation
import LineEditing
import Playground
import Testing

@testable import Shell

/// `bindlab bench` and `:bench` run `bindlab-bench`, the program beside
/// this one (BenchKitTests test what it measures); these test the running.
@Suite struct BenchTests {
    /// `bindlab bench --quick` runs the bench program beside bindlab and prints its tables.
    @Test func benchRunsTheProgramBesideBindlab() {
        let (text, status) = runCLI(["bench", "--quick", "--backend", "delegate"])
        #expect(status == 0, "\(text)")
        let lines = text.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix("bindlab bench: delegate;") == true)
        #expect(lines.contains { $0.hasPrefix("| direct call ") })
        #expect(!text.contains("\r"), "no progress line in a buffer")
    }

    /// A wrong argument is a usage error and exit 2, at the command line and at the prompt, before any program runs.
    @Test func badArgumentsAreUsageErrors() throws {
        let cli = runCLI(["bench", "--fast"])
        #expect(cli.status == 2)
        #expect(cli.text.contains("unknown option '--fast'"))
        #expect(cli.text.contains("usage: bindlab bench"))
        #expect(runCLI(["bench", "--backend"]).status == 2)
        #expect(runCLI(["bench", "--backend", "nope"]).text.contains("unknown backend 'nope'"))
        let (text, status) = try transcript([":bench --backend delegate"])
        #expect(status == 2)
        #expect(text.contains("error: unknown argument '--backend' (usage: :bench [--json] [--quick])"))
    }

    /// `:bench --quick` measures the backends in use and leaves their screens as they were.
    @Test func promptBenchMeasuresTheBackendsInUse() throws {
        let (text, status) = try transcript(["orders load 3", ":bench --quick", ":screen"], backends: "output")
        #expect(status == 0)
        #expect(text.contains("bindlab bench: output;"))
        #expect(text.contains("Orders (3)"))
    }

    /// Without the bench program beside bindlab, one line says how to build it, exit 2.
    @Test func aMissingBenchProgramSaysHowToBuildIt() {
        let output = BufferedOutput()
        var environment = CLI.Environment(
            arguments: ["bindlab", "bench", "--quick"], variables: [:], output: output, interactive: false,
            outputIsTerminal: false, input: { ScriptedLines([]) }, editor: { _, _ in ScriptedLines([]) },
            interrupted: { false })
        environment.bench = BenchProgram(path: "/nonexistent/bindlab-bench")
        #expect(CLI.run(environment) == .failure)
        #expect(
            output.text == "bindlab: bench: bindlab-bench is not beside bindlab (no /nonexistent/bindlab-bench): "
                + "build it with \(BenchProgram.buildCommand)\n")
        let shell = Shell(output: output)
        shell.bench = BenchProgram(path: "/nonexistent/bindlab-bench")
        #expect(throws: ShellError.benchNotBuilt(path: "/nonexistent/bindlab-bench", build: BenchProgram.buildCommand))
        {
            try shell.execute(":bench")
        }
    }

    /// The program is given every option spelled one way, the backends and the width always.
    @Test func theProgramIsGivenOneSpelling() {
        #expect(
            BenchProgram.arguments(backends: ["delegate", "output"], width: 90, json: true, quick: false)
                == ["--backend", "delegate,output", "--width", "90", "--json"])
    }

    /// The bench program is found beside the running one.
    @Test func theProgramIsFoundBesideThisOne() {
        let path = BenchProgram.besideThisProgram().path
        #expect(path.hasSuffix("/bindlab-bench"))
        #expect(FileManager.default.isExecutableFile(atPath: path), "built with the tests: \(path)")
    }
}
