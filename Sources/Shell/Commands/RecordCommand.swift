/// `:record FILE|stop`: a live session written to a new file.
struct RecordCommand: Command {
    let name = ":record"
    let group = CommandGroup.playground
    let fileSuffix: String? = ".session"
    let usage = [":record FILE", ":record stop"]
    let summary = "write what you type, and what it prints, to a new session file"
    var details: String {
        """
        Recording starts afresh on the backends in use (the file begins with the
        commands that set the network, clock and trace as they are), so the file
        replays the same: bindlab check passes on it as written. Lines typed with #
        become narration.
        """
    }
    let completions = ["stop"]

    func run(_ words: [String], in context: any CommandContext) throws(ShellError) {
        guard words.count == 1 else { throw misuse("name a new file, or say stop") }
        if words[0] == "stop" {
            try context.stopRecording()
        } else {
            try context.startRecording(to: words[0])
        }
    }
}
