import BindingKit
import Catalog

/// The playground's state: the backends in use (a lane each), the simulated
/// network they share settings of, the clock mode and the trace switch. It
/// runs actions on every lane and lays their screens out side by side.
public final class Playground {
    /// When the clock runs.
    public enum ClockMode: String, Sendable, CaseIterable {
        /// After each command, until nothing is queued (the default).
        case auto
        /// Time stands still: after a command, only the main-queue turns due
        /// now run; requests stay in flight until `:wait`, so they can be
        /// watched and cancelled.
        case manual
        /// Nothing runs by itself: `:step` runs one main-queue turn, so a
        /// hop delivered a turn later can be watched as it happens.
        case step
    }

    /// The data new lanes are made with (`use`).
    var data: DataEnvironment
    private(set) var lanes: [Lane] = []
    /// The network settings new lanes start with; each lane then has its own.
    private(set) var network = NetworkConditions()
    var clockMode = ClockMode.auto
    /// Whether hops are shown as they happen. They are recorded either way,
    /// for `:timeline`.
    var tracing = false
    /// Whether hops are shown in the order they really happened (`:trace
    /// raw`), rather than with unordered rounds sorted (see `Tracer.unordered`).
    var tracesRealOrder = false
    /// The last screen action and what it did on each lane, for `:timeline`.
    private(set) var lastAction: (command: String, settled: [Settled])?
    /// Asked now and then while the clock runs: has the user pressed Ctrl-C?
    let interrupted: () -> Bool
    /// The width of the terminal, in columns: screens, hops and tables are laid
    /// out so that no line is wider.
    private(set) var columns = Playground.defaultColumns

    /// The width when nothing says otherwise: pipes, files and session replays,
    /// so that a session prints the same on every machine.
    static let defaultColumns = 80
    /// The narrowest width `:width` and `--width` take, and the widest.
    static let columnRange = 20...1000

    init(backends: [any BindingBackend], data: DataEnvironment, interrupted: @escaping () -> Bool) {
        self.data = data
        self.interrupted = interrupted
        use(backends)
    }

    /// The backends in use, in lane order.
    var backends: [any BindingBackend] { lanes.map(\.backend) }

    /// Starts afresh on `backends`: new apps, clocks at zero. Network
    /// settings, clock mode and tracing are kept.
    func use(_ backends: [any BindingBackend]) {
        let settings = lanes.first?.network ?? network
        lanes = backends.map { Lane(backend: $0, data: data, network: settings) }
        lastAction = nil
        applyLayout()
    }

    /// Where the lanes' screens go at the width in force.
    var layout: ScreenRenderer.Layout { ScreenRenderer.layout(count: lanes.count, columns: columns) }

    /// Lays the screens out for a terminal `columns` wide. A screen drawn at a
    /// new width is not news: what was shown is redrawn, out of sight.
    func setColumns(_ columns: Int) {
        guard columns != self.columns else { return }
        self.columns = columns
        applyLayout()
    }

    private func applyLayout() {
        let width = layout.screenWidth
        for lane in lanes where lane.screenWidth != width {
            lane.screenWidth = width
            lane.shown = lane.render()
        }
    }

    /// The network as the lanes have it now (a `fail next` is used up by a request).
    var currentNetwork: NetworkConditions { lanes.first?.network ?? network }

    /// Sets every lane's latency, keeping their failure modes.
    func setLatency(_ milliseconds: Int) {
        network.latency = milliseconds
        for lane in lanes { lane.network.latency = milliseconds }
    }

    /// Sets every lane's failure mode, keeping their latency.
    func setFailureMode(_ mode: NetworkConditions.FailureMode) {
        network.failureMode = mode
        for lane in lanes { lane.network.failureMode = mode }
    }

    /// Back to the article's network: one second, no failures.
    func resetNetwork() {
        network = NetworkConditions()
        for lane in lanes {
            lane.network.latency = network.latency
            lane.network.failureMode = network.failureMode
        }
    }

    /// Performs `action` on every lane, runs the clock as the mode says, and
    /// returns the lines to show.
    ///
    /// - Returns: the lines to show, and the error to report when the action
    ///   failed on every lane (a failure on some lanes only is a difference
    ///   between backends, shown per lane among the lines).
    func perform(
        _ action: UserAction, command: String, style: Style, prepare: (Lane) -> Void = { _ in }
    ) -> (lines: [String], failure: ShellError?)
    {
        var failures: [(lane: Lane, message: String)] = []
        var settled: [Settled] = []
        var stop: SettleStop?
        for lane in lanes {
            let before = lane.shown
            prepare(lane)
            do {
                try lane.device.perform(action)
            } catch {
                failures.append((lane, error.message))
            }
            let (frames, laneStop) =
                switch clockMode {
                case .auto: lane.settle(interrupted: interrupted)
                case .manual: lane.settle(until: lane.scheduler.now, interrupted: interrupted)
                case .step: lane.settle(turns: 0, interrupted: interrupted)
                }
            settled.append(Settled(lane: lane, before: before, frames: frames))
            stop = stop ?? laneStop
        }
        lastAction = (command, settled)
        let everyLaneFailed = !lanes.isEmpty && failures.count == lanes.count
        let oneMessage = Set(failures.map(\.message)).count == 1
        var lines: [String] = []
        if !(everyLaneFailed && oneMessage) {
            lines = failures.map { style.red("error (\($0.lane.id)): \($0.message)") }
        }
        if !(everyLaneFailed && settled.allSatisfy({ $0.frames.isEmpty })) {
            lines += present(settled, style: style)
        }
        lines += describe(stop)
        let failure: ShellError? =
            everyLaneFailed ? .failed(oneMessage ? failures[0].message : "the action failed on every backend") : nil
        return (lines, failure)
    }

    /// Runs the clock on every lane (`:wait`, `:step`) and returns the lines to show.
    func runClock(until deadline: (Lane) -> Int?, turns: Int = Lane.turnBudget, style: Style) -> [String] {
        var settled: [Settled] = []
        var stop: SettleStop?
        for lane in lanes {
            let before = lane.shown
            let (frames, laneStop) = lane.settle(until: deadline(lane), turns: turns, interrupted: interrupted)
            settled.append(Settled(lane: lane, before: before, frames: frames))
            stop = stop ?? laneStop
        }
        return present(settled, style: style) + describe(stop)
    }

    /// Every lane's visible screen, side by side.
    func screens(style: Style) -> [String] {
        for lane in lanes { lane.shown = lane.render() }
        return columns(lanes.map { ($0.id, $0.shown) }, style: style)
    }

    private func describe(_ stop: SettleStop?) -> [String] {
        switch stop {
        case nil: []
        case .interrupted: ["interrupted: the clock stopped; :wait runs the rest"]
        case .turnBudget(let turns):
            ["stopped after \(turns) turns: the queue never emptied (a binding that feeds itself?)"]
        }
    }

    /// One lane's frames, and the screen it showed before them.
    struct Settled {
        let lane: Lane
        let before: [String]
        let frames: [LaneFrame]

        /// The frames that changed the screen, without their hops.
        var withScreenChangesOnly: Settled {
            Settled(
                lane: lane, before: before,
                frames: frames.compactMap { frame in
                    frame.screen.map { LaneFrame(time: frame.time, screen: $0, hops: []) }
                })
        }
    }

    /// Every hop of the last screen action, lane by lane in time order, and a
    /// count per lane of how they were delivered.
    func timeline(style: Style) -> [String] {
        guard let (command, settled) = lastAction else { return [] }
        var lines = "last action: \(command)".wrapped(to: columns, indent: 2)
        let several = settled.count > 1
        let times = Set(settled.flatMap { $0.frames.map(\.time) }).sorted()
        for time in times {
            lines.append(style.dim("[\(time) ms]"))
            for entry in settled {
                for frame in entry.frames where frame.time == time {
                    lines += shown(frame.hops).flatMap { format($0, lane: several ? entry.lane.id : nil, style: style) }
                }
            }
        }
        for entry in settled {
            let hops = entry.frames.flatMap(\.hops)
            let counts = Tracer.Hop.Delivery.allCases.compactMap { delivery -> String? in
                let count = hops.filter { $0.delivery == delivery }.count
                return count == 0 ? nil : "\(count) \(delivery.rawValue)"
            }
            let detail = counts.isEmpty ? "" : " (\(counts.joined(separator: ", ")))"
            lines += "\(entry.lane.id): \(hops.count) hop\(hops.count == 1 ? "" : "s")\(detail)"
                .wrapped(to: columns, indent: 2)
        }
        return lines
    }

    /// Lays the lanes' frames out in time order: a `[t ms]` line, the hops
    /// (when tracing), then the screens that changed — side by side when
    /// several backends are in use.
    private func present(_ settled: [Settled], style: Style) -> [String] {
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
                        lines += format(hop, lane: several ? entry.lane.id : nil, style: style)
                    }
                    if let screen = frame.screen {
                        current[index] = screen
                        changed = true
                    }
                }
            }
            if changed {
                lines += columns(zip(settled, current).map { ($0.lane.id, $1) }, style: style)
            }
        }
        return lines
    }

    private func columns(_ blocks: [(String, [String])], style: Style) -> [String] {
        guard blocks.count > 1 else { return blocks.first?.1 ?? [] }
        return ScreenRenderer.columns(blocks.map { (caption: $0.0, lines: $0.1) }, layout: layout)
    }

    /// The hops in the order to show: as recorded, or as they really ran.
    private func shown(_ hops: [Tracer.Hop]) -> [Tracer.Hop] {
        tracesRealOrder ? hops.sorted { $0.sequence < $1.sequence } : hops
    }

    /// One hop as a line of the trace; a hop wider than the terminal goes on
    /// under itself, indented, broken between words.
    private func format(_ hop: Tracer.Hop, lane: String?, style: Style) -> [String] {
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
