/// `:screen`: the screens again.
struct ScreenCommand: Command {
    let name = ":screen"
    let group = CommandGroup.playground
    let usage = [":screen"]
    let summary = "show the screen again"

    func run(_ words: [String], in context: any CommandContext) throws(ShellError) {
        context.say(lines: context.screens())
    }
}
