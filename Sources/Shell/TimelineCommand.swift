extension Shell {
    /// `:timeline`: the binding hops of the last screen action, whether or
    /// not `:trace` was on, and how each backend delivered them.
    static let timelineCommand = Command(
        ":timeline", .playground, usage: [":timeline"],
        summary: "the binding hops of the last screen action, and how each backend delivered them",
        details: """
            Hops are recorded whether or not :trace is on; :timeline shows those of the
            last screen action under their virtual times, then per backend how many were
            delivered synchronously, a main-queue turn later (queued), or dropped.
            """
    ) { shell, words throws(ShellError) in
        guard words.isEmpty else { throw Shell.command(named: ":timeline")!.misuse(":timeline takes no arguments") }
        let lines = shell.timeline()
        guard !lines.isEmpty else { throw .failed("no screen action yet: try orders load, then :timeline") }
        shell.say(lines: lines)
    }
}
