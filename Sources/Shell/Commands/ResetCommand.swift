import Playground

/// `:reset`: afresh on the same backends.
struct ResetCommand: Command {
    let name = ":reset"
    let group = CommandGroup.playground
    let usage = [":reset"]
    let summary = "start afresh on the same backends: clock at 0, network as default"

    func run(_ words: [String], in context: any CommandContext) throws(ShellError) {
        let playground = context.playground
        playground.resetNetwork()
        playground.use(playground.backends)
        let line = "reset: \(playground.backends.map(\.info.id).joined(separator: ", ")) at 0 ms"
        context.say(lines: line.wrapped(to: context.columns, indent: 2))
    }
}
