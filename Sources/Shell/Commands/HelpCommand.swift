import CommandLineOptions
import Playground

/// `:help [COMMAND]`: the commands, or one of them explained.
struct HelpCommand: Command {
    let name = ":help"
    let group = CommandGroup.playground
    let usage = [":help [COMMAND]"]
    let summary = "list the commands, or explain one"

    func run(_ words: [String], in context: any CommandContext) throws(ShellError) {
        context.say(lines: try Self.help(words.first, in: context))
    }

    /// `:help` and `:help NAME`, laid out for the context's width.
    static func help(_ topic: String?, in context: any CommandContext) throws(ShellError) -> [String] {
        let columns = context.columns
        guard let topic else {
            var lines: [String] = []
            for group in CommandGroup.allCases {
                lines.append(context.style.bold(group.rawValue + ":"))
                let entries = context.commands.filter { $0.group == group }
                let width = entries.flatMap(\.usage).map(\.count).max() ?? 0
                for command in entries {
                    for (index, usage) in command.usage.enumerated() {
                        let line = "  \(usage.padded(to: width))  \(index == 0 ? command.summary : "")"
                        // A summary too long for the terminal goes on under itself.
                        lines += line.trailingBlanksTrimmed.wrapped(to: columns, indent: width + 4)
                    }
                }
            }
            for line in [
                "Durations: 250ms, 1s, 1.5s, 2m, 1h. Quote words with spaces: orders rename 3 \"Rush order\".",
                "help, quit and exit work bare too; Tab completes; :help NAME explains one command.",
            ] {
                lines += line.wrapped(to: columns, indent: 2)
            }
            return lines
        }
        let name =
            context.aliases[topic]
            ?? (topic.hasPrefix(":") || context.command(named: topic) != nil ? topic : ":" + topic)
        guard let command = context.command(named: name) else {
            throw .unknownHelpTopic(
                word: topic, suggestion: Suggestion.nearest(to: topic, in: context.commands.map(\.name)))
        }
        var lines = command.usage.map { "usage: \($0)" }
        lines.append(command.summary)
        let details = command.details
        if !details.isEmpty {
            lines += details.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        }
        // Paragraphs keep their blank lines; a line too long for the terminal
        // goes on at its own indent.
        return lines.flatMap { line in
            line.wrapped(to: columns, indent: line.prefix { $0 == " " }.count)
        }
    }
}
