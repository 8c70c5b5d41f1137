/// `:resume`: back from the live prompt to the presentation.
struct ResumeCommand: Command {
    let name = ":resume"
    let group = CommandGroup.playground
    let usage = [":resume"]
    let summary = "go back to the session being presented, at the step it was at"
    var details: String {
        """
        In bindlab present, ! hands the prompt back at the current step: what is typed
        there runs on the presentation's own playground. :resume (or Ctrl-D) goes back
        to the session where it was; its next step runs on what the prompt left.
        """
    }

    func run(_ words: [String], in context: any CommandContext) throws(ShellError) {
        guard words.isEmpty else { throw misuse("it takes no words") }
        try context.resume()
    }
}
