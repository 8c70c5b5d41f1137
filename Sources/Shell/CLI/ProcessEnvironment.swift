import Experiments
import LineEditing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension CLI {
    /// Runs the program on the real process and exits with its status.
    public static func main() -> Never {
        Terminal.handleFatalSignals(programName: "bindlab")
        // Blocks of 1 MiB and more are mapped on their own, so that freeing
        // one gives the memory back. glibc's default threshold grows after
        // the first large free (up to 32 MiB), after which the transient
        // arrays of a million-row load are carved from the heap and stay
        // in the process once freed: with every backend loading a million
        // orders, a third of the peak was such freed memory.
        setMmapThreshold(1 << 20)
        exit(run(.process()).rawValue)
    }

    /// glibc's `mallopt(M_MMAP_THRESHOLD, bytes)`, looked up at run time:
    /// `<malloc.h>` is not in the Glibc module. Without it, nothing changes.
    private static func setMmapThreshold(_ bytes: Int32) {
        let mmapThreshold: Int32 = -3  // M_MMAP_THRESHOLD in <malloc.h>
        guard let process = dlopen(nil, RTLD_NOW), let symbol = dlsym(process, "mallopt") else { return }
        typealias Mallopt = @convention(c) (Int32, Int32) -> Int32
        _ = unsafeBitCast(symbol, to: Mallopt.self)(mmapThreshold, bytes)
    }
}

extension CLI.Environment {
    /// The real process: its arguments, variables, terminal and streams.
    public static func process() -> CLI.Environment {
        var variables: [String: String] = [:]
        var entry = processEnvironment
        while let pointer = entry.pointee {
            let pair = String(cString: pointer)
            // Found among the bytes: walking Characters costs a grapheme
            // break check a byte, at every start of the program.
            if let equals = pair.utf8.firstIndex(of: UInt8(ascii: "=")) {
                variables[String(pair[..<equals])] = String(pair[pair.utf8.index(after: equals)...])
            }
            entry += 1
        }
        let outputIsTerminal = isatty(1) == 1
        var environment = CLI.Environment(
            arguments: CommandLine.arguments, variables: variables, output: StandardOutput(),
            interactive: isatty(0) == 1 && outputIsTerminal, outputIsTerminal: outputIsTerminal,
            input: { PlainLineReader(descriptor: 0) },
            editor: { completion, color in
                LibEditLineEditor(
                    programName: "bindlab",
                    historyFile: LibEditLineEditor.defaultHistoryPath(environment: variables),
                    completion: completion, color: color)
            },
            interrupted: {
                // Ctrl-C while a command runs: the editor's handler set the
                // flag. It stays set until the editor reads the next line, so
                // every lane and every script being replayed stops.
                Terminal.interruptRequested
            })
        environment.terminalColumns = { Terminal.columns(output: 1) }
        environment.catchInterrupts = { Terminal.catchInterrupts() }
        return environment
    }
}
