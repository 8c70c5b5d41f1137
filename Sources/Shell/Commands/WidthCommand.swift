import Playground

/// `:width [N|auto]`: the width screens are laid out for.
struct WidthCommand: Command {
    let name = ":width"
    let group = CommandGroup.playground
    let usage = [":width", ":width N|auto"]
    let summary = "the width screens are laid out for: show it, fix it, or follow the terminal"
    var details: String {
        """
        N (20 to 1000) fixes the width at N columns; auto follows the terminal again
        (asked before each command, so a resize is followed), else COLUMNS, else 80.
        Screens that do not fit side by side go in rows, narrower down to 30 columns;
        narrower still, a screen is drawn without its side frame. Session replays use
        80 unless the session says :width N.
        """
    }
    let completions = ["auto"]

    func run(_ words: [String], in context: any CommandContext) throws(ShellError) {
        guard words.count <= 1 else { throw misuse("one width at most") }
        if let word = words.first {
            context.fixedColumns =
                word == "auto" ? nil : try Arguments.integer(word, "the width", in: Stage.columnRange)
        }
        context.followWidth()
        context.say("width: \(context.columns) columns (\(context.widthSource))")
    }
}
