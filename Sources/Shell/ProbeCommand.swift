import BindingKit
import Playground
import Experiments

extension Shell {
    /// `:probe [NAME]`: one experiment on every backend in use, or the list.
    static let probeCommand = Command(
        ":probe", .playground, usage: [":probe [NAME]"],
        summary: "run an experiment on every backend in use: what tells them apart",
        details: probeDetails,
        arguments: Experiments.all.map(\.name)
    ) { shell, words throws(ShellError) in
        guard !words.isEmpty else {
            shell.say("experiments (:probe NAME runs one on the backends in use; bindlab matrix, all):")
            shell.say(lines: Report.list(width: shell.columns))
            return
        }
        let name = words.joined(separator: " ")
        guard let experiment = Experiments.named(name) else {
            let hint =
                Suggestion.nearest(to: name, in: Experiments.all.map(\.name)).map { "; did you mean '\($0)'?" } ?? ""
            throw Shell.command(named: ":probe")!.misuse("no experiment '\(name.fitted(to: 24))'\(hint)")
        }
        shell.say(lines: Report.probe(experiment, on: shell.playground.backends, width: shell.columns))
    }

    /// `:help :probe`: what each experiment does.
    static var probeDetails: String {
        var lines = [
            "Each experiment runs the backends' own glue on fresh worlds on the virtual clock (the "
                + "screens in use are not touched) and reports what it observed. Without a name, lists them.",
        ]
        for experiment in Experiments.all {
            lines.append("")
            lines.append("\(experiment.name): \(experiment.question)")
            lines += experiment.method.split(separator: "\n").map { "  " + $0 }
        }
        return lines.joined(separator: "\n")
    }
}
