// BenchKit: `bindlab bench` / `:bench`, what each approach costs, measured
// through its real glue beside anchors (Bench.swift says how). A library of
// its own so that the product does not link it: the `bindlab-bench`
// executable runs it, and bindlab runs that executable (the Shell's
// `BenchProgram`), passing the options and the width.
// May import: Domain, Catalog, BindingKit, Playground, Experiments,
// CommandLineOptions. Never the Shell.
import BindingKit
import CommandLineOptions
import Experiments
import Playground

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `bindlab-bench [--backend LIST] [--width N] [--json] [--quick]`: the
/// options of `bindlab bench`, read by the same grammar (`Subcommand.bench`).
public enum BenchCommandLine {
    /// Runs the bench on the process's arguments and exits with its status.
    public static func main() -> Never {
        let status = run(
            Array(CommandLine.arguments.dropFirst()), standard: { write($0, to: STDOUT_FILENO) },
            error: { write($0, to: STDERR_FILENO) }, progress: progressLine)
        exit(status)
    }

    /// Runs `bindlab-bench ARGUMENTS`.
    ///
    /// - Parameters:
    ///   - standard: gets the tables (or the JSON), then a line break.
    ///   - error: gets what is wrong with the arguments.
    ///   - progress: makes the progress line for a width, or nil for none.
    /// - Returns: 0, or 2 for a usage error.
    static func run(
        _ words: [String], standard: (String) -> Void, error complain: (String) -> Void,
        progress: (_ width: Int) -> ((String) -> Void)?
    ) -> Int32 {
        let backends: [any BindingBackend]
        let width: Int
        let options: BenchOptions
        do throws(OptionError) {
            let arguments = try OptionParser.parse(words, for: .bench)
            if arguments.has(.help) {
                standard("usage: \(Subcommand.bench.usage)\n(bindlab bench runs this program: Docs/performance.md)\n")
                return 0
            }
            let list = arguments.value(.backend) ?? "all"
            do throws(BackendList.Problem) {
                backends =
                    list.lowercased() == "all"
                    ? BackendRegistry.inAll
                    : try BackendList.ids(list, among: BackendRegistry.ids).compactMap(BackendRegistry.backend)
            } catch {
                throw .badValue(option: Option.backend.name, problem: error.message)
            }
            width = try arguments.number(.width, in: Stage.columnRange) ?? Stage.defaultColumns
            options = BenchOptions(json: arguments.has(.json), quick: arguments.has(.quick))
        } catch {
            complain("bindlab-bench: \(error.message)\nusage: \(Subcommand.bench.usage)\n")
            return 2
        }
        standard(options.run(on: backends, data: DataEnvironment(), progress: progress(width) ?? { _ in }) + "\n")
        return 0
    }

    /// A progress line on stderr when stderr is a terminal, fitted to `width`
    /// (a line longer than the terminal would wrap, and `\r` would clear only
    /// its last part): never in a pipe, a file, a session or a test's buffer.
    static func progressLine(width: Int) -> ((String) -> Void)? {
        guard isatty(STDERR_FILENO) == 1 else { return nil }
        return { text in
            // Back to the start of the line and clear it; an empty text only clears.
            let line = text.isEmpty ? "" : ("bench: " + text).fitted(to: width - 1)
            write("\r\u{1B}[K" + line, to: STDERR_FILENO)
        }
    }

    private static func write(_ text: String, to descriptor: Int32) {
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { systemWrite(descriptor, $0.baseAddress, $0.count) }
            if written > 0 {
                bytes = bytes.dropFirst(written)
            } else if written < 0, errno == EINTR {
                continue
            } else {
                return  // a closed pipe: nobody reads any more
            }
        }
    }
}

/// What to measure and how to say it.
struct BenchOptions: Equatable {
    var json = false
    var quick = false

    /// Runs the bench and returns what to print.
    func run(on backends: [any BindingBackend], data: DataEnvironment, progress: @escaping (String) -> Void) -> String {
        var machine = BenchMachine.current()
        let benchmark = Benchmark(backends: backends, plan: quick ? .quick : .standard, data: data, progress: progress)
        let result = benchmark.run()
        machine.loadAfter = BenchMachine.loadAverage()
        let ids = backends.map(\.info.id)
        return json
            ? BenchReport.json(result, machine: machine, backends: ids)
            : BenchReport.text(result, machine: machine, backends: ids).joined(separator: "\n")
    }
}
