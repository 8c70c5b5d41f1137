/// `:save [-f] FILE`: what was typed so far, written as a session.
struct SaveCommand: Command {
    let name = ":save"
    let group = CommandGroup.playground
    let usage = [":save [-f] FILE"]
    let summary = "write what was typed so far, and what it prints, as a session that check passes"
    var details: String {
        """
        Every line typed since the shell started, without :record in advance: the
        inputs, with what each prints from a fresh start as their expected output, so
        that bindlab check FILE passes on the file at once. It begins with the :use and
        :width the first line ran on when they are not the defaults. Lines typed with #
        become narration; :save, :history and :record stop are left out. :bench's
        figures are written as patterns.

        A file already there is kept: -f replaces it (as IPython's %save -f). A session
        being checked writes nothing; one being run or presented only inside the
        folder of --allow-write DIR.
        """
    }
    let completions = ["-f"]

    func run(_ words: [String], in context: any CommandContext) throws(ShellError) {
        let replacing = words.first == "-f"
        let files = replacing ? Array(words.dropFirst()) : words
        guard files.count == 1 else { throw misuse("name the file to write") }
        try context.save(to: files[0], replacing: replacing)
    }
}
