/// `back`: the navigation bar's back button.
struct BackCommand: Command {
    let name = "back"
    let group = CommandGroup.screen
    let usage = ["back"]
    let summary = "the navigation bar's back button"

    func run(_ words: [String], in context: any CommandContext) throws(ShellError) {
        guard words.isEmpty else { throw misuse("back takes no arguments") }
        try context.act(.back)
    }
}
