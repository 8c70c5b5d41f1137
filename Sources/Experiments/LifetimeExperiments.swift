public import BindingKit
import Playground

// What happens once a view is gone: to an answer in flight, to what it left
// registered, and to what a capture written without `[weak self]` keeps.

extension Experiments {
    static let releaseInFlight = Experiment(
        "release-in-flight",
        question: "the view goes while a request is in flight: where does the answer go?",
        columns: ["view model kept: the answer", "all released: alive in flight", "afterwards"],
        method: """
            Lets a view load, asks for a new load and lets the view go while the request
            is in flight; the answer arrives for a view model its owner still keeps: what
            is dropped, and how many main-queue turns run for nobody? Then again with the
            view model let go too: does the request keep anything alive until it answers?
            """
    ) { backend throws(ProbeRefusal) in
        let kept = try Trial(backend)
        try kept.attach()
        kept.drain()
        try kept.change(.load)
        kept.settleNow()
        kept.releaseViews()
        kept.settleNow()
        let viewsInFlight = kept.liveViews
        let dropped = kept.hops(.dropped)
        let turn = kept.scheduler.turn
        kept.drain()
        // One turn is the answer's own timer; the rest are main-queue hops.
        let forNobody = max(0, kept.scheduler.turn - turn - 1)
        let droppedNow = kept.hops(.dropped) - dropped
        var answer = droppedNow == 0 ? "ignored" : "\(droppedNow.counted("message")) dropped"
        if forNobody > 0 { answer += ", \(forNobody.counted("turn")) for nobody" }

        let all = try Trial(backend)
        try all.attach()
        all.drain()
        try all.change(.load)
        all.settleNow()
        all.releaseViews()
        all.releaseSubject()
        all.settleNow()
        let inFlight = all.live
        all.drain()
        let after = all.live
        let verdict =
            viewsInFlight > 0 || !inFlight.isEmpty ? "kept until answered" : droppedNow > 0 ? "dropped" : "ignored"
        return Finding(
            verdict: verdict,
            cells: [answer, describeLive(inFlight), describeLive(after)],
            notes: inFlight.isEmpty ? [] : ["alive in flight: \(listLive(inFlight))"])
    }

    static let leftovers = Experiment(
        "leftovers", question: "once the view is gone, what stays registered, and does it run on every change?",
        columns: ["entries kept", "a change afterwards"],
        method: """
            Lets a view load, lets it go, runs the clock, then counts the entries the view
            model still keeps for its listeners (read from the approach's own storage) and
            renames a row: how many messages drop, how many main-queue turns run?
            """
    ) { backend throws(ProbeRefusal) in
        let bench = try Trial(backend)
        try bench.attach()
        bench.drain()
        bench.releaseViews()
        bench.drain()
        let entries = bench.registrations
        let dropped = bench.hops(.dropped)
        let turn = bench.scheduler.turn
        try bench.change(.rename(row: row, to: newName))
        bench.drain()
        let droppedNow = bench.hops(.dropped) - dropped
        let turns = bench.scheduler.turn - turn
        var change = droppedNow == 0 ? "nothing runs" : "\(droppedNow.counted("message")) dropped"
        if turns > 0 { change += ", \(turns.counted("main-queue turn")) for nobody" }
        return Finding(
            verdict: entries == 0 ? "none" : "\(entries.counted("dead entry", "dead entries"))",
            cells: [entries == 0 ? "none" : "\(entries) (for the gone view)", change])
    }

    static let naiveCapture = Experiment(
        "naive-capture",
        question: "wired without [weak self] (or as the article): what stays alive once all is let go?",
        columns: ["as shipped", "strong self", "unowned self", "the article's own"],
        method: """
            For each wiring the backend has (its own; without [weak self]; with [unowned
            self]; the article's code where it holds a cycle): a view loads, the view goes,
            a row is removed (its title and rows change: every listener the view left hears
            it), the view model is let go and the clock runs out. What is still alive
            leaked. The unowned wiring runs in a child process (bindlab started again),
            where a listener called after its view died traps without taking the
            playground down: the cell then says "would crash", the note the runtime's
            message. A wiring the approach does not have is not run and says why.
            """,
        runsInAChild: true
    ) { backend throws(ProbeRefusal) in
        var cells: [String] = []
        var notes: [String] = []
        var refusals: [(wiring: String, reason: String)] = []
        var leaks: [String] = []
        func refuse(_ wiring: ProbeWiring, _ reason: String) {
            cells.append(Finding.notPossible)
            if let index = refusals.firstIndex(where: { $0.reason == reason }) {
                refusals[index].wiring += ", \(label(wiring))"
            } else {
                refusals.append((label(wiring), reason))
            }
        }
        for wiring in ProbeWiring.allCases {
            guard wiring == .unownedSelf else {
                do throws(ProbeRefusal) {
                    let run = try captureRun(on: backend, wiring: wiring)
                    cells.append(run.cell)
                    if run.cell != describeLive([]) { leaks.append(run.cell) }
                    if wiring != .recommended || run.cell != describeLive([]) { notes.append(run.note) }
                } catch {
                    refuse(wiring, error.reason)
                }
                continue
            }
            _ = try Trial(backend)  // a backend outside the experiments says so here
            switch Isolation.run("naive-capture-unowned", on: backend) {
            case .finished(let lines):
                cells.append(lines.first ?? "?")
                if let cell = lines.first, cell != describeLive([]) { leaks.append(cell) }
                notes += lines.dropFirst()
            case .refused(let reason), .unavailable(let reason):
                refuse(wiring, reason)
            case .trapped(let message, let signal):
                cells.append(wouldCrash)
                let meaning = (try? Trial(backend).describe(wiring)) ?? ""
                notes.append(
                    "\(label(wiring)) (\(meaning)): would crash: \(message) "
                        + "(the child process was ended by \(Isolation.name(ofSignal: signal)))")
            }
        }
        notes += refusals.map { "\($0.wiring): not possible: \($0.reason)" }
        let verdict =
            !leaks.isEmpty
            ? leaks[0]
            : cells.contains(wouldCrash)
                ? wouldCrash
                : cells.dropFirst().allSatisfy { $0 == Finding.notPossible } ? "no capture" : "no leak"
        return Finding(verdict: verdict, cells: cells, notes: notes)
    }

    /// The cell of a run that trapped in its child process.
    static let wouldCrash = "would crash"

    /// One wiring of `naive-capture`: a view wired so loads, goes, a row is
    /// removed, everything is let go: what is alive (the cell) and the note.
    static func captureRun(on backend: any BindingBackend, wiring: ProbeWiring) throws(ProbeRefusal)
        -> (cell: String, note: String)
    {
        let bench = try Trial(backend)
        try bench.attach(wiring)
        bench.drain()
        bench.releaseViews()
        bench.drain()
        try bench.change(.remove(row: row))
        bench.drain()
        let meaning = bench.describe(wiring)
        bench.releaseSubject()
        bench.drain()
        let live = bench.live
        let kept = live.isEmpty ? "nothing kept" : listLive(live)
        return (
            describeLive(live),
            wiring == .recommended ? "as shipped: \(kept)" : "\(label(wiring)) (\(meaning)): \(kept)"
        )
    }

    /// The classes alive after `naive-capture` lets go of everything wired
    /// the backend's own way: what the conformance suite compares with the
    /// declared `keepsAliveAfterRelease` classes.
    public static func aliveAfterRelease(_ backend: any BindingBackend) throws(ProbeRefusal) -> [String] {
        let bench = try Trial(backend)
        try bench.attach()
        bench.drain()
        bench.releaseViews()
        bench.releaseSubject()
        bench.drain()
        return bench.live.map(\.name)
    }

    static func label(_ wiring: ProbeWiring) -> String {
        switch wiring {
        case .recommended: "as shipped"
        case .strongSelf: "strong self"
        case .unownedSelf: "unowned self"
        case .article: "the article's own"
        }
    }

    /// "nothing", or "3 kept".
    static func describeLive(_ live: [(name: String, live: Int)]) -> String {
        let total = live.reduce(0) { $0 + $1.live }
        return total == 0 ? "nothing" : "\(total) kept"
    }

    /// "OrdersViewModel, OrdersContentView ×2".
    static func listLive(_ live: [(name: String, live: Int)]) -> String {
        live.map { $0.live == 1 ? $0.name : "\($0.name) ×\($0.live)" }.joined(separator: ", ")
    }
}
