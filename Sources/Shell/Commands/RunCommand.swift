/// `:run FILE`: a session replayed here.
struct RunCommand: Command {
    let name = ":run"
    let group = CommandGroup.playground
    let fileSuffix: String? = ".session"
    let usage = [":run FILE"]
    let summary = "replay a session file here, as if typed"
    var details: String {
        """
        Each input is shown after the prompt, then what it prints now (the file's
        expected output is not checked: bindlab check does that). A relative path
        inside a session starts from that session's folder.
        """
    }

    func run(_ words: [String], in context: any CommandContext) throws(ShellError) {
        guard words.count == 1 else { throw misuse("name one session file") }
        try context.replay(file: words[0])
    }
}
