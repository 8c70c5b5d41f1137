/// `:timeline [--marbles]`: the binding hops of the last screen action as a
/// marble diagram, whether or not `:trace` was on, or as text to assert.
struct TimelineCommand: Command {
    let name = ":timeline"
    let group = CommandGroup.playground
    let usage = [":timeline [--marbles]"]
    let summary = "the last screen action's binding hops as marbles, a lane per backend (or receiver)"
    var details: String {
        """
        Hops are recorded whether or not :trace is on. :timeline draws those of the
        last screen action as marbles: a lane per backend in use (per receiver with
        one backend), virtual time left to right, each instant split into the turns
        in which something was delivered (0 is the command itself, 1 the first job
        run at that time, a main-queue turn after it is 2, …), so what a backend
        delivers a turn later stands a column to the right. Only the turns that
        deliver something take room. A marble is a letter; × under one marks a hop
        dropped (no listener), = one whose widgets were set to what they showed.
        Under the lanes, per backend: how its hops were delivered, and each letter's
        hop. A diagram wider than the width goes on in bands under the first.

        --marbles gives the same diagram as text, a line per lane and per marble
        (Docs/sessions.md has its grammar): what a session asserts.
        """
    }
    var completions: [String] { ["--marbles"] }

    func run(_ words: [String], in context: any CommandContext) throws(ShellError) {
        guard words.isEmpty || words == ["--marbles"] else {
            throw misuse(":timeline takes --marbles or nothing, not '\(words[0].fitted(to: 24))'")
        }
        let lines = words.isEmpty ? context.timeline() : context.marbleText()
        guard !lines.isEmpty else {
            throw .actionFailed(reason: "no screen action yet: try orders load, then :timeline")
        }
        context.say(lines: lines)
    }
}
