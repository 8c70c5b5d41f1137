import CommandLineOptions
import Experiments
import LineEditing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `bindlab-bench`, the program `bindlab bench` and `:bench` run: the bench
/// is not linked into bindlab (BenchKit), so bindlab runs the executable
/// that sits beside it, streams what it prints, and says how to build it
/// when it is not there.
public struct BenchProgram: Sendable {
    /// Where the executable is (or would be).
    public var path: String

    public init(path: String) {
        self.path = path
    }

    /// The name of the executable.
    public static let name = "bindlab-bench"

    /// `bindlab-bench` beside the running program, found from
    /// `/proc/self/exe` on Linux, `_NSGetExecutablePath` on macOS, else
    /// the program's first argument.
    public static func besideThisProgram() -> BenchProgram {
        let program = runningExecutablePath() ?? CommandLine.arguments.first ?? "."
        let folder = program.contains("/") ? String(program[..<program.lastIndex(of: "/")!]) : "."
        return BenchProgram(path: folder + "/" + name)
    }

    /// How to build it, for the build the running program comes from.
    public static var buildCommand: String {
        #if DEBUG
            "swift build --product bindlab-bench"
        #else
            "swift build -c release --product bindlab-bench"
        #endif
    }

    /// The arguments bindlab passes: every option spelled one way.
    static func arguments(backends: [String], width: Int, json: Bool, quick: Bool) -> [String] {
        [Option.backend.name, backends.joined(separator: ","), Option.width.name, String(width)]
            + (json ? [Option.json.name] : []) + (quick ? [Option.quick.name] : [])
    }

    /// Runs the bench with `arguments`, its output written to `output` line
    /// by line as it comes. Its errors (and its progress line, on a terminal)
    /// go to the process's stderr when `output` is the process's; else they
    /// are written to `output` too. Ctrl-C reaches it as it reaches bindlab
    /// (the same process group), and stops it.
    ///
    /// - Throws: `benchNotBuilt` when it is not there; `interrupted` when
    ///   Ctrl-C stopped it; `actionFailed` when it ended otherwise than well.
    func run(_ arguments: [String], output: any OutputSink) throws(ShellError) {
        guard access(path, X_OK) == 0 else { throw .benchNotBuilt(path: path, build: Self.buildCommand) }
        let forwardsErrors = !output.isTheProcesss
        var child = try ChildProcess(path: path, arguments: arguments, capturesErrors: forwardsErrors)
        child.readUntilClosed { text, stream in output.write(text, to: stream) }
        switch child.wait() {
        case .exited(0):
            return
        case .signalled(SIGINT):
            // On a terminal, after its progress line and the ^C.
            if !forwardsErrors { output.write("\n", to: .error) }
            throw .interrupted(what: "the bench")
        case .exited(let status):
            throw .actionFailed(reason: "\(Self.name) ended with status \(status)")
        case .signalled(let signal):
            throw .actionFailed(reason: "\(Self.name) was stopped by signal \(signal)")
        }
    }
}
