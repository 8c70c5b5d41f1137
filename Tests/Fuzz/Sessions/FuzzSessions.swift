// fuzz-sessions: a libFuzzer target (`Tests/Fuzz/run.sh sessions SECONDS`). Built
// without -DFUZZING, as `swift build` does, it is a plain program that runs
// the files (or folders of files) it is given: a corpus, or a crash to debug.
import FuzzSupport

@main enum FuzzTarget {
    static func main() { Fuzzing.main(Fuzzing.sessions) }
}
