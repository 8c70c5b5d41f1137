import BindingKit
import CommandLineOptions
import Playground

#if canImport(Glibc)
    import Glibc
#endif

/// The options `bindlab bench` and `:bench` share.
struct BenchOptions: Equatable {
    var json = false
    var quick = false

    /// `:bench`'s options at the prompt, by the command line's grammar: the
    /// backends are those in use.
    static let prompt = Subcommand(":bench", usage: ":bench [--json] [--quick]", options: [.json, .quick, .noColor])

    init(_ arguments: ParsedArguments) {
        json = arguments.has(.json)
        quick = arguments.has(.quick)
    }

    /// Runs the bench and returns what to print.
    func run(on backends: [any BindingBackend], data: DataEnvironment, progress: @escaping (String) -> Void) -> String {
        var machine = BenchMachine.current()
        let benchmark = Benchmark(
            backends: backends, plan: quick ? .quick : .standard, data: data, progress: progress)
        let result = benchmark.run()
        machine.loadAfter = BenchMachine.loadAverage()
        let ids = backends.map(\.info.id)
        return json
            ? BenchReport.json(result, machine: machine, backends: ids)
            : BenchReport.text(result, machine: machine, backends: ids).joined(separator: "\n")
    }

    /// A progress line on stderr, only when stderr is the process's
    /// terminal: never in a pipe, a file, a session or a test's buffer.
    static func progressLine(for output: any OutputSink) -> (String) -> Void {
        let sink = (output as? TeeOutput)?.sink ?? output
        guard sink is StandardOutput, isatty(2) == 1 else { return { _ in } }
        return { text in
            // Back to the start of the line and clear it; an empty text only clears.
            sink.write("\r\u{1B}[K" + (text.isEmpty ? "" : "bench: " + text), to: .error)
        }
    }
}

extension CLI {
    /// `bindlab bench [--backend LIST] [--width N] [--json] [--quick]`: on
    /// every backend by default.
    static func runBench(_ arguments: ParsedArguments, _ environment: Environment) throws(ShellError) {
        let backends = try self.backends(arguments, all: true)
        _ = try width(arguments)
        let text = BenchOptions(arguments).run(
            on: backends, data: DataEnvironment(), progress: BenchOptions.progressLine(for: environment.output))
        environment.output.write(text + "\n", to: .standard)
    }
}
