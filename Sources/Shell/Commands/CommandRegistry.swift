import CommandLineOptions

/// Every command of the shell, in the order `:help` lists them, as
/// SwiftFormat's rule registry lists its rules: adding a command is a file
/// in `Commands/` and a line here.
package enum CommandRegistry {
    static let all: [any Command] = [
        // Screen actions.
        OrdersCommand(), MoviesCommand(), BackCommand(),
        // Playground commands.
        BackendsCommand(), ExplainCommand(), SourceCommand(), DiffCommand(),
        UseCommand(), ScreenCommand(), WidthCommand(),
        CompareCommand(), ProbeCommand(), BenchCommand(), WaitCommand(), StepCommand(), ClockCommand(),
        NetCommand(), TraceCommand(), TimelineCommand(), AliveCommand(), ReleaseCommand(), ResetCommand(),
        RunCommand(), RecordCommand(), SaveCommand(), HistoryCommand(), ResumeCommand(), ExportCommand(),
        HelpCommand(), QuitCommand(),
    ]

    /// Bare words a newcomer types, and what they mean.
    package static let aliases = ["help": ":help", "quit": ":quit", "exit": ":quit"]

    /// Every name a line may start with, for "did you mean".
    static let names = all.map(\.name) + aliases.keys.sorted()

    /// The command called `name` (not an alias), if any.
    static func command(named name: String) -> (any Command)? {
        all.first { $0.name == name }
    }

    /// The command a line names and the words after its name; nil for a
    /// blank line or a `#` comment. Blanks around the words separate
    /// nothing, but an escaped one at the end is a word's (`orders rename 1 x\ `).
    ///
    /// - Throws: `unreadableLine` for unbalanced quotes, `unknownCommand`.
    static func resolve(_ line: String) throws(ShellError) -> (command: any Command, arguments: [String])? {
        guard !line.trimmingLeadingBlanks.hasPrefix("#") else { return nil }
        let words: [String]
        do {
            words = try Tokenizer.words(line)
        } catch {
            throw .unreadableLine(reason: error.message)
        }
        guard let first = words.first else { return nil }
        let name = aliases[first.lowercased()] ?? first
        guard let command = command(named: name) else {
            throw .unknownCommand(word: first, suggestion: Suggestion.nearest(to: name, in: names))
        }
        return (command, Array(words.dropFirst()))
    }

    /// The name of the command `line` names; nil for a blank line or a comment.
    ///
    /// - Throws: as `resolve` does.
    package static func commandName(of line: String) throws(ShellError) -> String? {
        try resolve(line)?.command.name
    }

    /// Whether `line` runs a command timed on the wall clock (`:bench`),
    /// whose lines a session expects as patterns (`Timings`).
    static func printsTimings(_ line: String) -> Bool {
        (try? resolve(line))?.command.printsTimings ?? false
    }

    /// Whether `line` runs `:quit` (or an alias of it).
    static func quits(_ line: String) -> Bool {
        let first = line.trimmingBlanks.split(separator: " ").first.map { String($0).lowercased() } ?? ""
        return (aliases[first] ?? first) == ":quit"
    }
}
