/// `:quit` (and bare `quit`, `exit`).
struct QuitCommand: Command {
    let name = ":quit"
    let group = CommandGroup.playground
    let usage = [":quit"]
    let summary = "leave (Ctrl-D too)"

    func run(_ words: [String], in context: any CommandContext) throws(ShellError) {
        context.quit()
    }
}
