import BindingKit
import Playground

// Who hears a view model: a second view, a late one, one bound twice, and in
// what order several do.

extension Experiments {
    static let listeners = Experiment(
        "listeners", question: "can a second view listen to the same view model, and what becomes of the first?",
        columns: ["second view", "first view afterwards", "how"],
        method: """
            Attaches a view to a fresh view model and lets it load, attaches a second
            view, then renames a row through the view model: which views set a widget?
            """
    ) { backend throws(ProbeRefusal) in
        let bench = try Trial(backend)
        let first = try bench.attach()
        bench.drain()
        let second = try bench.attach()
        bench.drain()
        let (firstBefore, secondBefore) = (first.updates, second.updates)
        try bench.change(.rename(row: row, to: newName))
        bench.drain()
        let firstHears = (first.updates - firstBefore).all > 0
        let secondHears = (second.updates - secondBefore).all > 0
        let verdict =
            switch (secondHears, firstHears) {
            case (true, true): "adds"
            case (true, false): "replaces"
            case (false, true): "is ignored"
            case (false, false): "nobody hears"
            }
        return Finding(
            verdict: verdict,
            cells: [verdict, firstHears ? "still hears" : "hears nothing", bench.listenerStorage])
    }

    static let replay = Experiment(
        "replay", question: "does a view that starts listening late get the current rows at once?",
        columns: ["when attached", "after this instant's turns", "later"],
        method: """
            Lets a first view load 100 rows, then attaches a second one and looks at its
            list: as it is attached, after the main-queue turns due at that instant, and
            once the clock has run out (a view that asks for a new load gets rows then).
            """
    ) { backend throws(ProbeRefusal) in
        let bench = try Trial(backend)
        try bench.attach()
        bench.drain()
        let start = bench.scheduler.now
        try bench.attach()
        let atOnce = bench.rowCount(of: 1)
        bench.settleNow()
        let afterTurns = bench.rowCount(of: 1)
        bench.drain()
        let later = bench.rowCount(of: 1)
        let waited = bench.scheduler.now - start
        let verdict =
            atOnce > 0 ? "at once" : afterTurns > 0 ? "a turn later" : later > 0 ? "no (reloads)" : "no"
        let laterCell =
            atOnce > 0 || afterTurns > 0
            ? "—" : later > 0 ? "\(later.counted("row")) at +\(waited) ms: it loads again" : "nothing"
        return Finding(
            verdict: verdict,
            cells: [atOnce.counted("row"), atOnce > 0 ? "—" : afterTurns.counted("row"), laterCell])
    }

    static let bindTwice = Experiment(
        "bind-twice", question: "what does binding the same view again do: doubled deliveries, replaced, ignored?",
        columns: ["binding again", "one rename, bound once", "bound twice", "entries kept"],
        method: """
            Binds a view, lets it load and renames a row, counting the view's widget
            updates; then, on a fresh view model, binds the view a second time the
            approach's way before the same rename.
            """
    ) { backend throws(ProbeRefusal) in
        func run(twice: Bool) throws(ProbeRefusal) -> (updates: Int, entries: (Int, Int)) {
            let bench = try Trial(backend)
            let world = try bench.attach()
            bench.drain()
            let entriesBefore = bench.registrations
            if twice {
                try bench.bindAgain(0)
                bench.drain()
            }
            let before = world.updates
            try bench.change(.rename(row: row, to: newName))
            bench.drain()
            return ((world.updates - before).all, (entriesBefore, bench.registrations))
        }
        let once = try run(twice: false)
        let twice = try run(twice: true)
        let verdict =
            twice.updates == 0
            ? "stops it"
            : twice.updates == once.updates
                ? (twice.entries.1 > twice.entries.0 ? "adds a silent entry" : "replaces")
                : twice.updates == 2 * once.updates ? "doubles" : "×\(twice.updates)/\(once.updates)"
        return Finding(
            verdict: verdict,
            cells: [
                verdict, once.updates.counted("update"), twice.updates.counted("update"),
                "\(twice.entries.0) → \(twice.entries.1)",
            ])
    }

    static let rebind = Experiment(
        "rebind", question: "a view is handed a new view model (a reused cell): does it still hear the old one?",
        columns: ["the old view model's change", "entries kept"],
        method: """
            Binds a view and lets it load, hands it a second view model the approach's way
            (what a reused cell does for its next row), lets that load, then renames a row
            of the FIRST view model: does the view set a widget?
            """
    ) { backend throws(ProbeRefusal) in
        let bench = try Trial(backend)
        let world = try bench.attach()
        bench.drain()
        try bench.rebindToNewViewModel(0)
        bench.drain()
        let before = world.updates
        try bench.change(.rename(row: row, to: newName))
        bench.drain()
        let hears = (world.updates - before).all > 0
        return Finding(
            verdict: hears ? "still hears the old" : "only the new",
            cells: [hears ? "reaches the view" : "does not reach it", String(bench.registrations)])
    }

    static let snapshot = Experiment(
        "snapshot", question: "a view attached while a change is being delivered: does it hear that change too?",
        columns: ["attached during the delivery", "attached right after", "so the listeners are"],
        method: """
            Lets a view load, renames a row, and attaches a second view from inside the
            first view's update (a handler that subscribes while the view model notifies).
            Its widget updates up to the end of that instant are compared with those of a
            view attached just after the rename, on a fresh view model.
            """
    ) { backend throws(ProbeRefusal) in
        func secondViewUpdates(attachDuringDelivery: Bool) throws(ProbeRefusal) -> Int {
            let bench = try Trial(backend)
            let first = try bench.attach()
            bench.drain()
            var second: Sandbox?
            if attachDuringDelivery {
                first.tracer.onWidgetUpdate = { [weak bench, weak first] _ in
                    // Once: attaching may make the first view update again.
                    first?.tracer.onWidgetUpdate = nil
                    second = try? bench?.attach()
                }
            }
            try bench.change(.rename(row: row, to: newName))
            if second == nil { second = try bench.attach() }
            first.tracer.onWidgetUpdate = nil
            bench.settleNow()
            return second?.updates.all ?? 0
        }
        let during = try secondViewUpdates(attachDuringDelivery: true)
        let after = try secondViewUpdates(attachDuringDelivery: false)
        let hears = during > after
        return Finding(
            verdict: hears ? "live list" : "snapshot",
            cells: [during.counted("update"), after.counted("update"), hears ? "a live list" : "a snapshot"])
    }

    /// How many runs `order` compares: enough that a dictionary's order,
    /// seeded per process and by address, shows different orders.
    static let orderRuns = 12

    static let order = Experiment(
        "order", question: "in what order do three views hear one change?",
        columns: ["who hears", "order", "over \(orderRuns) runs"],
        method: """
            Attaches views 1, 2 and 3 in that order, lets them load, renames a row and
            notes which view set a widget first. Done \(orderRuns) times on fresh worlds
            (kept alive, so that no two runs share addresses): an order that changes from
            run to run is reported as such, not as any one of the orders seen.
            """
    ) { backend throws(ProbeRefusal) in
        var orders: [[Int]] = []
        var benches: [Trial] = []
        for _ in 0..<orderRuns {
            let bench = try Trial(backend)
            benches.append(bench)
            var heard: [Int] = []
            for index in 1...3 {
                let world = try bench.attach()
                world.tracer.onWidgetUpdate = { _ in
                    if !heard.contains(index) { heard.append(index) }
                }
            }
            bench.drain()
            heard.removeAll()
            try bench.change(.rename(row: row, to: newName))
            bench.drain()
            orders.append(heard)
        }
        let first = orders[0]
        let stable = orders.allSatisfy { $0 == first }
        let who = Set(orders.map(\.count)).count == 1 ? listeners(first.count) : "differs"
        let verdict: String
        if !stable {
            verdict = "varies"
        } else if first.count <= 1 {
            verdict = first.isEmpty ? "nobody" : "only view \(first[0])"
        } else {
            verdict =
                first == first.sorted() ? "subscription" : first == first.sorted().reversed() ? "reverse" : "fixed"
        }
        let orderCell = stable ? first.map(String.init).joined(separator: ", ") : "changes from run to run"
        return Finding(
            verdict: verdict,
            cells: [who, first.count > 1 || !stable ? orderCell : "—", stable ? "the same" : "varies"])
    }

    private static func listeners(_ count: Int) -> String {
        switch count {
        case 0: "none"
        case 3: "all three"
        default: "\(count) of 3"
        }
    }
}
