import BindingKit
import Pictures
import Playground

/// How the shell writes out what the stage did: `[t ms]` lines, the hops
/// (with `:trace`), the screens side by side, the timeline of the last
/// action, the census. The stage hands back frames as data; the words and
/// colours are here.
struct StageText {
    let playground: Stage
    let style: Style
    /// Whether hops are shown as they happen (they are recorded either way).
    let tracing: Bool
    /// Whether hops are shown in the order they really ran, rather than with
    /// unordered rounds sorted (see `Tracer.unordered`).
    let tracesRealOrder: Bool

    /// The width the output is laid out for.
    var columns: Int { playground.columns }

    /// Performs `action` on every lane and returns the lines to show.
    ///
    /// - Returns: the lines, and the error to report when the action failed
    ///   on any lane: a failure on some lanes only is a failed line too (a
    ///   script's status says so, as it would for that backend alone), its
    ///   one line naming the backends it failed on.
    func perform(
        _ action: UserAction, command: String, prepare: (Lane) -> Void = { _ in }
    ) -> (lines: [String], failure: ShellError?) {
        let outcome = playground.perform(action, command: command, prepare: prepare)
        var lines: [String] = []
        if !(outcome.failedEverywhere && outcome.settled.allSatisfy({ $0.frames.isEmpty })) {
            lines += present(outcome.settled)
        }
        lines += describe(outcome.stop)
        return (lines, Self.failure(outcome.failures, everywhere: outcome.failedEverywhere))
    }

    /// One error for the lanes the action failed on: its message when they
    /// all failed alike, else each message after the backends it came from
    /// (`on output: the list is empty: nothing to pick`).
    static func failure(_ failures: [(lane: Lane, message: String)], everywhere: Bool) -> ShellError? {
        guard !failures.isEmpty else { return nil }
        var messages: [String] = []
        var lanes: [String: [String]] = [:]
        for failure in failures {
            if lanes[failure.message] == nil { messages.append(failure.message) }
            lanes[failure.message, default: []].append(failure.lane.id)
        }
        if everywhere, messages.count == 1 { return .actionFailed(reason: messages[0]) }
        let reason = messages.map { "on \(lanes[$0]!.joined(separator: ", ")): \($0)" }.joined(separator: "; ")
        return .actionFailed(reason: reason)
    }

    /// Runs the clock on every lane (`:wait`, `:step`) and returns the lines to show.
    func runClock(until deadline: (Lane) -> Int?, turns: Int = Lane.turnBudget) -> [String] {
        let outcome = playground.runClock(until: deadline, turns: turns)
        return present(outcome.settled) + describe(outcome.stop)
    }

    /// Every lane's visible screen, side by side.
    func screens() -> [String] {
        sideBySide(playground.screens())
    }

    /// The live-object census of every lane.
    func census() -> [String] {
        var lines: [String] = []
        for lane in playground.lanes {
            if playground.lanes.count > 1 { lines.append("\(lane.id):") }
            let census = lane.world.census.census
            if census.isEmpty { lines.append("  nothing traced yet") }
            let width = census.map(\.name.count).max() ?? 0
            for entry in census {
                lines.append("  \(entry.name.padded(to: width))  \(entry.live)")
            }
            lines.append("  total live: \(lane.world.census.totalLive)")
        }
        return lines
    }

    private func describe(_ stop: SettleStop?) -> [String] {
        switch stop {
        case nil: []
        case .interrupted: ["interrupted: the clock stopped; :wait runs the rest"]
        case .turnBudget(let turns):
            ["stopped after \(turns) turns: the queue never emptied (a binding that feeds itself?)"]
        }
    }

    /// The last screen action's hops as a marble diagram (`MarbleArt`): a
    /// lane per backend, or per receiver when one is in use, and the legend.
    func timeline() -> [String] {
        guard let (command, settled) = playground.lastAction else { return [] }
        let diagram = MarbleDiagram(command: command, settled: settled)
        return "last action: \(command)".wrapped(to: columns, indent: 2)
            + MarbleArt(diagram: diagram, columns: columns, style: style).lines()
    }

    /// The same diagram as text (`MarbleText`), for sessions to assert.
    func marbleText() -> [String] {
        guard let (command, settled) = playground.lastAction else { return [] }
        return ["last action: \(command)"] + MarbleText.lines(MarbleDiagram(command: command, settled: settled))
    }

    /// Lays the lanes' frames out in time order: a `[t ms]` line, the hops
    /// (when tracing), then the screens that changed — side by side when
    /// several backends are in use.
    private func present(_ settled: [Stage.Settled]) -> [String] {
        // Hops are always recorded; without :trace a frame of hops alone is not news.
        let settled = tracing ? settled : settled.map { $0.withScreenChangesOnly }
        let times = Set(settled.flatMap { $0.frames.map(\.time) }).sorted()
        guard !times.isEmpty else { return [style.dim("(no change)")] }
        var current = settled.map(\.before)
        var lines: [String] = []
        let several = settled.count > 1
        for time in times {
            lines.append(style.dim("[\(time) ms]"))
            var changed = false
            for (index, entry) in settled.enumerated() {
                for frame in entry.frames where frame.time == time {
                    for hop in shown(frame.hops) {
                        lines += format(hop, lane: several ? entry.lane.id : nil)
                    }
                    if let screen = frame.screen {
                        current[index] = screen
                        changed = true
                    }
                }
            }
            if changed {
                lines += sideBySide(zip(settled, current).map { ($0.lane.id, $1) })
            }
        }
        return lines
    }

    private func sideBySide(_ blocks: [(id: String, lines: [String])]) -> [String] {
        guard blocks.count > 1 else { return blocks.first?.lines ?? [] }
        return ScreenRenderer.columns(blocks.map { (caption: $0.id, lines: $0.lines) }, layout: playground.layout)
    }

    /// The hops in the order to show: as recorded, or as they really ran.
    private func shown(_ hops: [Tracer.Hop]) -> [Tracer.Hop] {
        tracesRealOrder ? hops.sorted { $0.sequence < $1.sequence } : hops
    }

    /// One hop as a line of the trace; a hop wider than the terminal goes on
    /// under itself, indented, broken between words.
    private func format(_ hop: Tracer.Hop, lane: String?) -> [String] {
        let prefix = lane.map { "\($0): " } ?? ""
        let delivery: [String] =
            switch hop.delivery {
            case .sync: []
            case .queued: ["(main queue, turn \(hop.turn))"]
            case .dropped: ["(dropped: no listener)"]
            }
        // One delivery of a round the approach runs in no defined order: the
        // tracer recorded the round sorted, so that it reads the same every run.
        let order = hop.unordered ? ["(unordered)"] : []
        let fields = ["  · \(prefix)\(hop.from) → \(hop.to)", hop.message] + delivery + order
        return ScreenRenderer.wrapping(fields, width: columns, indent: 6).map(style.cyan)
    }
}
