public import BindingKit
public import Catalog

/// The playground's state: the backends in use (a lane each), the simulated
/// network they share settings of, the clock mode and the width the screens
/// are laid out for. It runs actions on every lane and hands back what each
/// lane showed, as data: the Shell writes it out.
public final class Stage {
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

    /// One lane's frames, and the screen it showed before them.
    public struct Settled {
        public let lane: Lane
        public let before: [String]
        public let frames: [LaneFrame]

        /// The frames that changed the screen, without their hops.
        public var withScreenChangesOnly: Settled {
            Settled(
                lane: lane, before: before,
                frames: frames.compactMap { frame in
                    frame.screen.map { LaneFrame(time: frame.time, screen: $0, hops: [], startTurn: frame.startTurn) }
                })
        }
    }

    /// What an action, or a run of the clock, did on every lane.
    public struct Outcome {
        /// Each lane's frames, in lane order.
        public let settled: [Settled]
        /// The lanes where the action could not be done, and why.
        public let failures: [(lane: Lane, message: String)]
        /// Why the clock stopped early, on the first lane where it did.
        public let stop: SettleStop?

        /// Whether the action failed on every lane.
        public var failedEverywhere: Bool { !settled.isEmpty && failures.count == settled.count }
    }

    /// The data new lanes are made with (`use`).
    public var data: DataEnvironment
    public private(set) var lanes: [Lane] = []
    /// The network settings new lanes start with; each lane then has its own.
    private var network = NetworkConditions()
    public var clockMode = ClockMode.auto
    /// The last screen action and what it did on each lane, for `:timeline`.
    public private(set) var lastAction: (command: String, settled: [Settled])?
    /// Asked now and then while the clock runs: has the user pressed Ctrl-C?
    public let interrupted: () -> Bool
    /// The width of the terminal, in columns: screens are laid out so that
    /// no line is wider.
    public private(set) var columns = Stage.defaultColumns

    /// The width when nothing says otherwise: pipes, files and session replays,
    /// so that a session prints the same on every machine.
    public static let defaultColumns = 80
    /// The narrowest width `:width` and `--width` take, and the widest.
    public static let columnRange = 20...1000

    public init(backends: [any BindingBackend], data: DataEnvironment, interrupted: @escaping () -> Bool) {
        self.data = data
        self.interrupted = interrupted
        use(backends)
    }

    /// The backends in use, in lane order.
    public var backends: [any BindingBackend] { lanes.map(\.backend) }

    /// Starts afresh on `backends`: new apps, clocks at zero. Network
    /// settings and the clock mode are kept.
    public func use(_ backends: [any BindingBackend]) {
        let settings = lanes.first?.network ?? network
        lanes = backends.map { Lane(backend: $0, data: data, network: settings) }
        lastAction = nil
        applyLayout()
    }

    /// Where the lanes' screens go at the width in force.
    public var layout: ScreenRenderer.Layout { ScreenRenderer.layout(count: lanes.count, columns: columns) }

    /// Lays the screens out for a terminal `columns` wide. A screen drawn at a
    /// new width is not news: what was shown is redrawn, out of sight.
    public func setColumns(_ columns: Int) {
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
    public var currentNetwork: NetworkConditions { lanes.first?.network ?? network }

    /// Sets every lane's latency, keeping their failure modes.
    public func setLatency(_ milliseconds: Int) {
        network.latency = milliseconds
        for lane in lanes { lane.network.latency = milliseconds }
    }

    /// Sets every lane's failure mode, keeping their latency.
    public func setFailureMode(_ mode: NetworkConditions.FailureMode) {
        network.failureMode = mode
        for lane in lanes { lane.network.failureMode = mode }
    }

    /// Back to the article's network: one second, no failures.
    public func resetNetwork() {
        network = NetworkConditions()
        for lane in lanes {
            lane.network.latency = network.latency
            lane.network.failureMode = network.failureMode
        }
    }

    /// Performs `action` on every lane and runs the clock as the mode says.
    ///
    /// - Parameter prepare: called on each lane just before the action.
    public func perform(_ action: UserAction, command: String, prepare: (Lane) -> Void = { _ in }) -> Outcome {
        var failures: [(lane: Lane, message: String)] = []
        var settled: [Settled] = []
        var stop: SettleStop?
        for lane in lanes {
            let before = lane.shown
            prepare(lane)
            var frames: [LaneFrame] = []
            var laneStop: SettleStop?
            // A tab opened by this action loads first, as far as the clock mode lets it.
            if lane.device.openFirst(for: action) { (frames, laneStop) = settle(lane) }
            if laneStop == nil {
                do {
                    try lane.device.perform(action)
                } catch {
                    failures.append((lane, error.message))
                }
                let (more, moreStop) = settle(lane)
                frames += more
                laneStop = moreStop
            }
            settled.append(Settled(lane: lane, before: before, frames: frames))
            stop = stop ?? laneStop
        }
        lastAction = (command, settled)
        return Outcome(settled: settled, failures: failures, stop: stop)
    }

    /// Runs `lane`'s clock after an action, as the mode says.
    private func settle(_ lane: Lane) -> (frames: [LaneFrame], stop: SettleStop?) {
        switch clockMode {
        case .auto: lane.settle(interrupted: interrupted)
        case .manual: lane.settle(until: lane.scheduler.now, interrupted: interrupted)
        case .step: lane.settle(turns: 0, interrupted: interrupted)
        }
    }

    /// Runs the clock on every lane (`:wait`, `:step`).
    public func runClock(until deadline: (Lane) -> Int?, turns: Int = Lane.turnBudget) -> Outcome {
        var settled: [Settled] = []
        var stop: SettleStop?
        for lane in lanes {
            let before = lane.shown
            let (frames, laneStop) = lane.settle(until: deadline(lane), turns: turns, interrupted: interrupted)
            settled.append(Settled(lane: lane, before: before, frames: frames))
            stop = stop ?? laneStop
        }
        return Outcome(settled: settled, failures: [], stop: stop)
    }

    /// Every lane's visible screen, drawn now.
    public func screens() -> [(id: String, lines: [String])] {
        for lane in lanes { lane.shown = lane.render() }
        return lanes.map { ($0.id, $0.shown) }
    }
}
