import Playground

/// `:release view [orders|movies]`: the window drops the screens.
struct ReleaseCommand: Command {
    let name = ":release"
    let group = CommandGroup.playground
    let usage = [":release view [orders|movies]"]
    let summary = "let the views go, run the clock, and show what is still alive"
    var details: String {
        """
        The window drops the screens (of one tab, or of all); queued work still
        runs, as it would on a phone. What :alive shows afterwards, the approach
        kept: a leak, unless its page in Docs/approaches explains why.
        """
    }
    let completions = ["view"]

    func run(_ words: [String], in context: any CommandContext) throws(ShellError) {
        guard words.first == "view", words.count <= 2 else { throw misuse("release what?") }
        var tab: Device.Tab?
        if words.count == 2 {
            guard let chosen = Device.Tab(rawValue: words[1]) else { throw misuse("the tab is orders or movies") }
            tab = chosen
        }
        for lane in context.playground.lanes {
            lane.device.releaseViews(of: tab)
            lane.redrawQuietly()  // the empty window is not news
        }
        // What the queued work still does (a delivery to a gone view shows
        // as dropped under :trace on), then what is left.
        let ran = context.runClock(until: { _ in nil })
        context.say(lines: ran == [context.style.dim("(no change)")] ? [] : ran)
        context.say(lines: context.census())
    }
}
