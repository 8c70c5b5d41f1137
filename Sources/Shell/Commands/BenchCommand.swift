import CommandLineOptions

/// `:bench [--json] [--quick]`: the bench on the backends in use.
struct BenchCommand: Command {
    let name = ":bench"
    let group = CommandGroup.playground
    let printsTimings = true
    let usage = [":bench [--json] [--quick]"]
    let summary = "measure what each backend in use costs (bindlab bench: all of them)"
    var details: String {
        """
        Measures, in wall-clock time on this machine, each backend in use through its
        own glue: one change delivered to 1, 10 and 100 of its orders views (the
        experiments' probe subject), one real screen change (orders rename on 100
        orders; a page of movies), and how they grow (rename and remove with 1k to 1M
        orders; paging to 200 pages). Beside them, measured in the same rounds: a
        direct call (every × is to it), a strong closure array, a weak closure, a FIFO
        queue hop, Swift Observation. Rounds interleave the backends; min, median, max
        and the spread are shown, a spread over 10% marked noisy. Takes about 20 s
        (--quick: a tiny run that shows the shape, figures meaningless); --json for
        scripts. The screens in use are not touched. See Docs/performance.md.
        """
    }
    let completions = ["--json", "--quick"]

    /// `:bench`'s options, by the command line's grammar (`bindlab bench`'s
    /// but `--backend` and `--width`: the backends in use, the shell's width).
    static let options = Subcommand(":bench", usage: ":bench [--json] [--quick]", options: [.json, .quick, .noColor])

    func run(_ words: [String], in context: any CommandContext) throws(ShellError) {
        let arguments: ParsedArguments
        do {
            arguments = try OptionParser.parse(words, for: Self.options)
        } catch {
            guard case .unknownOption(let word, _) = error else { throw misuse(error.message) }
            throw misuse("unknown argument '\(word.fitted(to: 32))'")
        }
        try context.bench.run(
            BenchProgram.arguments(
                backends: context.playground.backends.map(\.info.id), width: context.columns,
                json: arguments.has(.json), quick: arguments.has(.quick)),
            output: context.output)
    }
}
