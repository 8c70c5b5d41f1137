/// `:alive`: the census.
struct AliveCommand: Command {
    let name = ":alive"
    let group = CommandGroup.playground
    let usage = [":alive"]
    let summary = "count the live objects of each traced class"

    func run(_ words: [String], in context: any CommandContext) throws(ShellError) {
        context.say(lines: context.census())
    }
}
