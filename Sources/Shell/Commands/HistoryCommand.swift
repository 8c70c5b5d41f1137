/// `:history`: the lines typed so far.
struct HistoryCommand: Command {
    let name = ":history"
    let group = CommandGroup.playground
    let usage = [":history"]
    let summary = "list the lines typed so far, which :save writes"
    var details: String {
        """
        The lines of this shell, numbered, as :save would write them; a line :save
        leaves out says why. ↑ and Ctrl-R reach the lines of earlier runs too.
        """
    }

    func run(_ words: [String], in context: any CommandContext) throws(ShellError) {
        guard words.isEmpty else { throw misuse("it takes no words") }
        context.say(lines: context.history())
    }
}
