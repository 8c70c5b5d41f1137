// fuzz-shell: a libFuzzer target (`Tests/Fuzz/run.sh shell SECONDS`). Built
// without -DFUZZING, as `swift build` does, it is a plain program that runs
// the files (or folders of files) it is given: a corpus, or a crash to debug.
@_spi(Fuzzing) import Shell

@main enum FuzzTarget {
    static func main() {
        #if FUZZING
            Fuzzing.runLibFuzzer { data, size in
                Fuzzing.shell(UnsafeRawBufferPointer(start: data, count: size))
                return 0
            }
        #else
            Fuzzing.replay(CommandLine.arguments.dropFirst(), through: Fuzzing.shell)
        #endif
    }
}
