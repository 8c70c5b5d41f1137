import BindingKit
import Playground

#if canImport(Glibc)
    import Glibc
#endif

/// The options `bindlab bench` and `:bench` share.
struct BenchOptions: Equatable {
    var json = false
    var quick = false
    var backendList: String?

    static let usage = "[--backend LIST] [--json] [--quick]"

    /// Reads the options; `allowBackend` is false at the prompt, where the
    /// backends in use are measured.
    static func parse(_ words: [String], allowBackend: Bool) throws(ShellError) -> BenchOptions {
        var options = BenchOptions()
        var words = words[...]
        while let word = words.popFirst() {
            switch word {
            case "--json": options.json = true
            case "--quick": options.quick = true
            case "--no-color", "--no-colour": break  // the tables have no colours
            case "--backend" where allowBackend:
                guard let value = words.popFirst() else { throw .actionFailed(reason: "bench: --backend needs a value") }
                options.backendList = value
            case _ where allowBackend && word.hasPrefix("--backend="):
                options.backendList = String(word.dropFirst("--backend=".count))
            default:
                throw .actionFailed(reason: "bench: unknown argument '\(word.fitted(to: 32))'")
            }
        }
        return options
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
    /// `bindlab bench [--backend LIST] [--json] [--quick]`: on every backend
    /// by default.
    static func runBench(_ arguments: [String], backendList: String?, _ environment: Environment) -> Int32 {
        let output = environment.output
        let options: BenchOptions
        let backends: [any BindingBackend]
        do {
            var parsed = try BenchOptions.parse(arguments, allowBackend: true)
            parsed.backendList = parsed.backendList ?? backendList
            options = parsed
            backends = try BackendRegistry.resolve(options.backendList ?? "all")
        } catch {
            output.write("bindlab: \(error.message)\nusage: bindlab bench \(BenchOptions.usage)\n", to: .error)
            return ExitCode.failure.rawValue
        }
        let text = options.run(
            on: backends, data: DataEnvironment(), progress: BenchOptions.progressLine(for: output))
        output.write(text + "\n", to: .standard)
        return ExitCode.success.rawValue
    }
}

