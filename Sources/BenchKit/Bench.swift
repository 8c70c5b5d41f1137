// `bindlab bench` / `:bench`: what each approach costs, measured through its
// real glue, beside anchors measured in the same run.
//
// - Per delivered event: a backend's `ProbeSubject` (the experiments'
//   contract) with 1, 10 and 100 of its own orders views attached, each in a
//   world of its own; one rename through the view model's input, the main
//   queue run until idle; the time divided by the views that heard it.
// - One screen change: a lane (the playground's own app for the backend) on
//   the `Device`: `orders rename 5 NAME` with 100 orders, settled and drawn
//   as the shell does; `movies more` (a page of "the").
// - Growth: the rename and `orders remove 0` with 1k…1M orders loaded;
//   `movies more` over pages 1–10, 11–50, 51–200.
//
// Rounds are interleaved: each round takes one sample of every case (every
// backend, every anchor) before the next round starts, so a burst of load
// on the shared machine lands on all of them alike.
import BindingKit
import Catalog
import Domain
import Experiments
import Playground

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What the bench times with: the CPU time of the calling thread, in ns.
/// The wall clock also counts the time the core spent on other processes,
/// which on a shared two-core machine is most of it under load (a run at
/// load average 18 took 14 s of wall time for 1 s of CPU); the thread's own
/// time leaves that out. It still counts what sharing the core costs (its
/// caches), so the spread is still shown. The bench runs on one thread.
enum BenchClock {
    static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return Double(time.tv_sec) * 1e9 + Double(time.tv_nsec)
    }
}

/// How much to run: the default, or a tiny run for tests (`--quick`).
struct BenchPlan: Equatable {
    var rounds: Int
    /// How long one sample of a per-event or screen case should take, in ns:
    /// each case is calibrated once to about this.
    var sampleNanoseconds: Double
    var listenerCounts: [Int]
    /// Orders loaded for the growth scenarios, smallest first.
    var orderSizes: [Int]
    /// Pages after which the paging cost is read, smallest first.
    var pageCheckpoints: [Int]
    var pagingRounds: Int
    /// Rounds of the orders growth scenarios: a backend whose change grows
    /// takes a tenth of a second or more a sample at a million.
    var growthRounds: Int

    static let standard = BenchPlan(
        rounds: 5, sampleNanoseconds: 3_000_000, listenerCounts: [1, 10, 100],
        orderSizes: [1_000, 10_000, 100_000, 1_000_000], pageCheckpoints: [10, 50, 200], pagingRounds: 2,
        growthRounds: 3)

    /// Enough to show the shape of the output, too little to mean anything.
    static let quick = BenchPlan(
        rounds: 2, sampleNanoseconds: 20_000, listenerCounts: [1, 10],
        orderSizes: [100, 1_000], pageCheckpoints: [2, 4], pagingRounds: 1, growthRounds: 2)
}

/// What a bench run found.
struct BenchResult {
    /// The baseline's case of a change no view hears: its machinery alone.
    static let machineryCase = "no view hears (machinery)"

    /// One line of the main table.
    struct Row {
        enum Kind: String { case anchor, baseline, event, screen }
        let kind: Kind
        let name: String
        /// The backend's id; "—" for an anchor; `baseline` for the baseline lane.
        let backend: String
        let figure: BenchFigure
        /// What to know beside the figure ("1 of 10 views hears it").
        let note: String
        /// Each round's sample in the order of the rounds (nil: refused that
        /// round), so that a backend's round can be paired with the
        /// baseline's of the same round.
        var rounds: [Double?] = []
        /// How many views heard one change (per-event cases).
        var heard = 1
        /// Whether the views heard of a change only on a later turn of the
        /// main queue (observed: nothing reached them inside the change).
        var queued = false
    }

    /// One scenario on one backend at increasing sizes.
    struct GrowthRow {
        let scenario: String
        let backend: String
        let sizes: [Int]
        let figures: [BenchFigure]
        let note: String

        /// Classed on the fastest round at each size: other load on the
        /// machine only ever adds time, so the minimum is the figure it
        /// disturbs least.
        var growth: BenchGrowth { BenchGrowth.of(zip(sizes, figures).map { ($0, $1.min) }) }

        /// "1,000 orders", or for paging the pages each column's mean is over:
        /// "pages 2–10", "pages 11–50".
        static func columnNames(_ scenario: String, _ sizes: [Int]) -> [String] {
            guard scenario.hasPrefix("movies") else { return sizes.map { "\(groupThousands($0)) orders" } }
            return sizes.enumerated().map { index, size in
                let from = index == 0 ? 2 : sizes[index - 1] + 1
                return from == size ? "page \(size)" : "pages \(from)–\(size)"
            }
        }
    }

    var plan: BenchPlan
    /// Each backend's approach (`BackendInfo.approach`), by id.
    var approaches: [String: String] = [:]
    var rows: [Row] = []
    var growth: [GrowthRow] = []
    /// Cases a backend could not run, and why.
    var refusals: [(backend: String, reason: String)] = []

    /// The direct call's median, in ns: every ratio is to it.
    var direct: Double { rows.first { $0.kind == .anchor }?.figure.median ?? 0 }

    func ratio(_ nanoseconds: Double) -> Double { direct > 0 ? nanoseconds / direct : 0 }
}

/// Runs the bench on `backends`.
struct Benchmark {
    let backends: [any BindingBackend]
    let plan: BenchPlan
    let data: DataEnvironment
    /// Told what runs now, for a progress line; never part of the result.
    let progress: (String) -> Void

    func run() -> BenchResult {
        var result = BenchResult(plan: plan)
        for backend in backends { result.approaches[backend.info.id] = backend.info.approach }
        runPerEventAndScreens(into: &result)
        runPaging(into: &result)
        runOrdersGrowth(into: &result)
        progress("")
        return result
    }

    // MARK: Per delivered event, one screen change

    /// A case measured in the interleaved rounds.
    private struct Case {
        let kind: BenchResult.Row.Kind
        let name: String
        let backend: String
        var note: String
        /// Runs `count` operations; returns the ns per delivered event, nil
        /// when a delivery was lost or the glue refused.
        let sample: (_ count: Int) -> Double?
        var count = 1
        var heard = 1
        var queued = false
        var rounds: [Double?] = []
        var samples: [Double] { rounds.compactMap(\.self) }
    }

    /// The per-event cases of `backend` (the baseline's too), and the screen
    /// case: the rename on its lane, 100 orders.
    private func cases(of backend: any BindingBackend, kind: BenchResult.Row.Kind, into result: inout BenchResult)
        -> [Case]
    {
        let id = backend.info.id
        var cases: [Case] = []
        for listeners in plan.listenerCounts {
            do throws(ProbeRefusal) {
                let listening = try ListeningViews(backend, listeners: listeners)
                let note =
                    listening.heard == listeners ? "" : "\(listening.heard) of \(listeners) views hear a change"
                var item = Case(
                    kind: kind, name: "\(listeners) listener\(listeners == 1 ? "" : "s")", backend: id, note: note
                ) { changes in listening.sample(changes: changes) }
                item.heard = listening.heard
                item.queued = listening.queued
                cases.append(item)
            } catch {
                result.refusals.append((id, "\(listeners) listeners: \(error.reason)"))
            }
        }
        // The baseline's machinery alone: a change no view hears (a rename
        // of a row there is not), through the same world, probe and clock.
        if kind == .baseline, let alone = try? ListeningViews(backend, listeners: 1) {
            var item = Case(kind: .baseline, name: BenchResult.machineryCase, backend: id, note: "no view hears it") {
                changes in alone.sample(changes: changes, row: -1)
            }
            item.heard = 0
            cases.append(item)
        }
        let screen = OrdersLane(backend, data: data, orders: GeneratedOrdersRepository.defaultCount)
        cases.append(
            Case(
                kind: kind == .baseline ? .baseline : .screen, name: "rename a row (100 orders)", backend: id, note: ""
            ) { renames in
                screen.renameSample(renames)
            })
        return cases
    }

    private func runPerEventAndScreens(into result: inout BenchResult) {
        var cases: [Case] = BenchAnchor.all().map { anchor in
            Case(kind: .anchor, name: anchor.name, backend: "—", note: "") { sends in
                let (elapsed, outcome) = Self.time { anchor.run(sends) }
                guard outcome.delivered == outcome.expected else { return nil }
                return elapsed / Double(sends * anchor.fanOut)
            }
        }
        // The baseline lane, right after the anchors: the same world with a
        // direct call, what every backend's figure is read less.
        cases += self.cases(of: BaselineBackend(), kind: .baseline, into: &result)
        for backend in backends { cases += self.cases(of: backend, kind: .event, into: &result) }
        progress("calibrating \(cases.count) cases")
        for index in cases.indices { cases[index].count = calibrate(cases[index].sample) }
        for round in 1...plan.rounds {
            progress("round \(round) of \(plan.rounds): per event and screen changes")
            for index in cases.indices {
                cases[index].rounds.append(cases[index].sample(cases[index].count))
            }
        }
        for item in cases {
            guard !item.samples.isEmpty else {
                result.refusals.append((item.backend, "\(item.name): a delivery was lost or refused"))
                continue
            }
            result.rows.append(
                BenchResult.Row(
                    kind: item.kind, name: item.name, backend: item.backend, figure: BenchFigure(item.samples),
                    note: item.note, rounds: item.rounds, heard: item.heard, queued: item.queued))
        }
    }

    /// How many operations make a sample of about `plan.sampleNanoseconds`.
    private func calibrate(_ sample: (Int) -> Double?) -> Int {
        var count = 1
        while count < 1 << 24 {
            guard let each = sample(count), each > 0 else { return count }
            let elapsed = each * Double(count)
            if elapsed >= plan.sampleNanoseconds / 8 {
                return max(1, Int(plan.sampleNanoseconds / each))
            }
            count *= 4
        }
        return count
    }

    // MARK: Paging

    private func runPaging(into result: inout BenchResult) {
        var samples: [String: [[Double]]] = [:]
        for round in 1...plan.pagingRounds {
            for backend in backends {
                progress("paging round \(round) of \(plan.pagingRounds): \(backend.info.id)")
                guard let costs = pagingSample(backend) else { continue }
                samples[backend.info.id, default: []].append(costs)
            }
        }
        let first = plan.pageCheckpoints.first ?? 0
        for backend in backends {
            let id = backend.info.id
            guard let runs = samples[id], !runs.isEmpty else {
                result.refusals.append((id, "paging: fewer pages than \(plan.pageCheckpoints.last ?? 0)"))
                continue
            }
            let figures = plan.pageCheckpoints.indices.map { index in BenchFigure(runs.map { $0[index] }) }
            result.rows.append(
                BenchResult.Row(
                    kind: .screen,
                    name: "a page of results (\(BenchResult.GrowthRow.columnNames("movies more", [first])[0]))",
                    backend: id, figure: figures[0],
                    note: ""))
            result.growth.append(
                BenchResult.GrowthRow(
                    scenario: "movies more", backend: id, sizes: plan.pageCheckpoints, figures: figures,
                    note: ""))
        }
    }

    /// One run of `movies search the` then `movies more` up to the last
    /// checkpoint: the mean ns of a page between checkpoints.
    private func pagingSample(_ backend: any BindingBackend) -> [Double]? {
        let lane = Lane(backend: backend, data: data, network: NetworkConditions())
        do {
            try lane.device.perform(.movies(.search("the")))
        } catch { return nil }
        settle(lane)
        var page = 1
        var costs: [Double] = []
        for checkpoint in plan.pageCheckpoints {
            let start = BenchClock.now()
            let pages = checkpoint - page
            while page < checkpoint {
                do {
                    try lane.device.perform(.movies(.more))
                } catch { return nil }
                settle(lane)
                page += 1
            }
            costs.append((BenchClock.now() - start) / Double(max(1, pages)))
        }
        return costs
    }

    // MARK: Orders growth

    private func runOrdersGrowth(into result: inout BenchResult) {
        for backend in backends {
            let id = backend.info.id
            progress("orders growth: \(id), loading \(plan.orderSizes.map(groupThousands).joined(separator: ", "))")
            // One backend at a time: a million orders in every backend at
            // once would measure the machine's memory, not the glue.
            let lanes = plan.orderSizes.map { OrdersLane(backend, data: data, orders: $0) }
            // Calibrated at the largest size, so that a cost growing with the
            // orders cannot make a round take minutes.
            let renameCount = lanes.last.map { lane in calibrate { lane.renameSample($0) } } ?? 1
            let removeCount = max(1, min(renameCount, 8))
            var renames = Array(repeating: [Double](), count: lanes.count)
            var removes = renames
            for round in 1...plan.growthRounds {
                progress("orders growth: \(id), round \(round) of \(plan.growthRounds)")
                for (index, lane) in lanes.enumerated() {
                    if let cost = lane.renameSample(renameCount) { renames[index].append(cost) }
                    if let cost = lane.removeSample(removeCount) { removes[index].append(cost) }
                }
            }
            guard renames.allSatisfy({ !$0.isEmpty }), removes.allSatisfy({ !$0.isEmpty }) else {
                result.refusals.append((id, "orders growth: a rename or remove failed"))
                continue
            }
            let rename = BenchResult.GrowthRow(
                scenario: "orders rename 5", backend: id, sizes: plan.orderSizes,
                figures: renames.map(BenchFigure.init),
                note: "")
            let remove = BenchResult.GrowthRow(
                scenario: "orders remove 0", backend: id, sizes: plan.orderSizes,
                figures: removes.map(BenchFigure.init), note: "")
            result.growth.append(rename)
            result.growth.append(
                BenchResult.GrowthRow(
                    scenario: remove.scenario, backend: id, sizes: remove.sizes, figures: remove.figures,
                    note: Self.removeNote(remove: remove.growth, rename: rename.growth)))
        }
    }

    /// Why a remove grows: the list's array, when a rename does not grow;
    /// the glue's, when it does too. No backend prints it now (every orders
    /// list is a data source, its remove flat); it stays for one that would
    /// keep its rows in an array again.
    static func removeNote(remove: BenchGrowth, rename: BenchGrowth) -> String {
        guard remove != .flat else { return "" }
        return rename == .flat
            ? "the rows after the removed one move up (an array)" : "as the rename: a change goes over every row"
    }

    // MARK: Helpers

    fileprivate static func time<T>(_ body: () -> T) -> (Double, T) {
        let start = BenchClock.now()
        let value = body()
        return (BenchClock.now() - start, value)
    }

    fileprivate static func settle(_ lane: Lane) {
        _ = lane.settle(interrupted: { false })
    }

    private func settle(_ lane: Lane) { Self.settle(lane) }
}

/// `listeners` of a backend's orders views on one view model (its probe
/// subject), 100 orders loaded.
private final class ListeningViews {
    let scheduler = VirtualScheduler()
    let world: World
    private let subject: any ProbeSubject
    private var views: [any Screen] = []
    private var viewWorlds: [World] = []
    /// How many of the views heard a change (a one-delegate approach keeps
    /// only the last).
    private(set) var heard = 0
    /// Whether they heard it only after the change returned, on a later
    /// turn of the main queue.
    private(set) var queued = false
    private var flip = false

    init(_ backend: any BindingBackend, listeners: Int) throws(ProbeRefusal) {
        let useCases = UseCases.forProbes(on: scheduler)
        world = Sandbox(backend: backend, scheduler: scheduler, useCases: useCases)
        let world = world
        let subject = try world.perform { () throws(ProbeRefusal) in try backend.makeProbeSubject(in: world) }
        self.subject = subject
        for _ in 0..<listeners {
            let viewWorld = Sandbox(backend: backend, scheduler: scheduler, useCases: useCases)
            viewWorlds.append(viewWorld)
            // Made in its world, as a Trial makes it: its widgets trace there.
            views.append(
                try viewWorld.perform { () throws(ProbeRefusal) in
                    try subject.attachView(in: viewWorld, wiring: .recommended)
                })
        }
        try world.perform { () throws(ProbeRefusal) in try subject.change(.load) }
        drain()
        let before = viewWorlds.map(\.tracer.updateCount)
        try world.perform { () throws(ProbeRefusal) in try subject.change(.rename(row: 0, to: "Bench")) }
        let inside = viewWorlds.map(\.tracer.updateCount)
        drain()
        heard = zip(viewWorlds, before).filter { $0.tracer.updateCount > $1 }.count
        queued = heard > 0 && inside == before
        forgetHops()
        // Timed with tracing off, as an app runs: hops and widget updates
        // are counted, not recorded (`Tracer.isRecording`).
        world.tracer.isRecording = false
        for viewWorld in viewWorlds { viewWorld.tracer.isRecording = false }
    }

    /// `changes` renames of `row`, each delivered before the next: ns per
    /// delivered event (per change when no view hears it: a row there is not).
    func sample(changes: Int, row: Int = 0) -> Double? {
        guard heard > 0 else { return nil }
        var failed = false
        // A local: a class property would add a dynamic exclusivity check to every change timed.
        var flip = self.flip
        let start = BenchClock.now()
        for _ in 0..<changes {
            flip.toggle()
            do {
                let name = flip ? "Bench A" : "Bench B"
                try world.perform { () throws(ProbeRefusal) in try subject.change(.rename(row: row, to: name)) }
            } catch {
                failed = true
            }
            drain()
        }
        let elapsed = BenchClock.now() - start
        self.flip = flip
        forgetHops()
        return failed ? nil : elapsed / Double(changes * (row < 0 ? 1 : heard))
    }

    private func drain() {
        var turns = 0
        while turns < Lane.turnBudget, scheduler.step() { turns += 1 }
    }

    /// The tracers keep every hop for `:timeline`; a bench would pile them up.
    private func forgetHops() {
        _ = world.tracer.drain()
        for viewWorld in viewWorlds { _ = viewWorld.tracer.drain() }
    }
}

/// A backend's app (the playground's lane) with `orders` orders loaded,
/// driven through its `Device` as the shell drives it.
private final class OrdersLane {
    private let lane: Lane
    private var flip = false

    init(_ backend: any BindingBackend, data: DataEnvironment, orders: Int) {
        lane = Lane(backend: backend, data: data, network: NetworkConditions())
        lane.orders.count = orders
        try? lane.device.perform(.orders(.load))
        Benchmark.settle(lane)
        // Timed with tracing off, as the per-event cases are.
        _ = lane.world.tracer.drain()
        lane.world.tracer.isRecording = false
    }

    /// `renames` × `orders rename 5 NAME`, settled and drawn: ns each.
    func renameSample(_ renames: Int) -> Double? {
        run(renames) { [self] in
            flip.toggle()
            return .orders(.rename(row: 5, name: flip ? "Bench A" : "Bench B"))
        }
    }

    /// `removes` × `orders remove 0`: ns each.
    func removeSample(_ removes: Int) -> Double? {
        run(removes) { .orders(.remove(row: 0)) }
    }

    private func run(_ count: Int, _ action: () -> UserAction) -> Double? {
        var failed = false
        let start = BenchClock.now()
        for _ in 0..<count {
            do {
                try lane.device.perform(action())
            } catch {
                failed = true
            }
            Benchmark.settle(lane)
        }
        return failed ? nil : (BenchClock.now() - start) / Double(count)
    }
}
