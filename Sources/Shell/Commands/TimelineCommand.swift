/// `:timeline`: the binding hops of the last screen action, whether or not
/// `:trace` was on, and how each backend delivered them.
struct TimelineCommand: Command {
    let name = ":timeline"
    let group = CommandGroup.playground
    let usage = [":timeline"]
    let summary = "the binding hops of the last screen action, and how each backend delivered them"
    var details: String {
        """
        Hops are recorded whether or not :trace is on; :timeline shows those of the
        last screen action under their virtual times, then per backend how many were
        delivered synchronously, a main-queue turn later (queued), or dropped.
        """
    }

    func run(_ words: [String], in context: any CommandContext) throws(ShellError) {
        guard words.isEmpty else { throw misuse(":timeline takes no arguments") }
        let lines = context.timeline()
        guard !lines.isEmpty else {
            throw .actionFailed(reason: "no screen action yet: try orders load, then :timeline")
        }
        context.say(lines: lines)
    }
}
