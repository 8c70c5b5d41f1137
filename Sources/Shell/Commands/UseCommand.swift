import Playground

/// `:use NAME[,NAME…]|all`: the backends to run on, side by side.
struct UseCommand: Command {
    let name = ":use"
    let group = CommandGroup.playground
    let usage = [":use NAME[,NAME…]|all"]
    let summary = "run on these backends, side by side (starts afresh)"
    let details = "Every backend gets a fresh app and a clock at 0; :net, :trace and :clock settings stay."
    var completions: [String] { BackendRegistry.ids + ["all"] }

    func run(_ words: [String], in context: any CommandContext) throws(ShellError) {
        guard words.count == 1 else { throw misuse("name the backends, separated by commas") }
        context.playground.use(try BackendRegistry.resolve(words[0]))
        let using = "using \(context.playground.backends.map(\.info.id).joined(separator: ", "))"
        context.say(lines: using.wrapped(to: context.columns, indent: 2))
    }
}
