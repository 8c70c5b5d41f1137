import CommandLineOptions
import Experiments

/// `:probe [NAME]`: one experiment on every backend in use, or the list.
struct ProbeCommand: Command {
    let name = ":probe"
    let group = CommandGroup.playground
    let usage = [":probe [NAME]"]
    let summary = "run an experiment on every backend in use: what tells them apart"
    var completions: [String] { Experiments.all.map(\.name) }

    /// What each experiment does.
    var details: String {
        var lines = [
            "Each experiment runs the backends' own glue on fresh worlds on the virtual clock (the "
                + "screens in use are not touched) and reports what it observed. Without a name, lists them."
        ]
        for experiment in Experiments.all {
            lines.append("")
            lines.append("\(experiment.name): \(experiment.question)")
            lines += experiment.method.split(separator: "\n").map { "  " + $0 }
        }
        return lines.joined(separator: "\n")
    }

    func run(_ words: [String], in context: any CommandContext) throws(ShellError) {
        guard !words.isEmpty else {
            context.say("experiments (:probe NAME runs one on the backends in use; bindlab matrix, all):")
            context.say(lines: Report.list(width: context.columns))
            return
        }
        let name = words.joined(separator: " ")
        guard let experiment = Experiments.named(name) else {
            let suggestion = Suggestion.nearest(to: name, in: Experiments.all.map(\.name))
            throw misuse("no experiment '\(name.fitted(to: 24))'\(Suggestion.hint(suggestion))")
        }
        context.say(lines: Report.probe(experiment, on: context.playground.backends, width: context.columns))
    }
}
