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
        columns: ["binding again", "one removal, bound once", "bound twice", "deliveries", "entries kept"],
        method: """
            Binds a view, lets it load and removes a row (its rows and its title change:
            every listener the view has hears it), counting the view's widget updates,
            widget by widget, and the deliveries the trace shows; then, on a fresh view
            model, binds the view a second time the approach's way before the same removal.
            """
    ) { backend throws(ProbeRefusal) in
        func run(twice: Bool) throws(ProbeRefusal) -> (updates: [String: Int], deliveries: Int, entries: (Int, Int)) {
            let bench = try Trial(backend)
            let world = try bench.attach()
            bench.drain()
            let entriesBefore = bench.registrations
            if twice {
                try bench.bindAgain(0)
                bench.drain()
            }
            _ = world.tracer.drain()
            let deliveries = bench.deliveries
            try bench.change(.remove(row: row))
            bench.drain()
            var updates: [String: Int] = [:]
            for update in world.tracer.drain().updates { updates[update.widget, default: 0] += 1 }
            return (updates, bench.deliveries - deliveries, (entriesBefore, bench.registrations))
        }
        let once = try run(twice: false)
        let twice = try run(twice: true)
        let (onceAll, twiceAll) = (once.updates.values.reduce(0, +), twice.updates.values.reduce(0, +))
        let heard = once.updates.filter { $0.value > 0 }.keys.sorted()
        let doubled = heard.filter { (twice.updates[$0] ?? 0) >= 2 * once.updates[$0, default: 0] }
        let verdict: String
        if twiceAll == 0 {
            verdict = "stops it"
        } else if !heard.isEmpty, doubled.count == heard.count {
            verdict = "doubles"
        } else if !doubled.isEmpty {
            verdict = "doubles the " + doubled.joined(separator: ", ")
        } else if twice.deliveries > once.deliveries {
            verdict = "twice, drawn once"
        } else {
            verdict = twice.entries.1 > twice.entries.0 ? "adds a silent entry" : "replaces"
        }
        return Finding(
            verdict: verdict,
            cells: [
                verdict, onceAll.counted("update"), twiceAll.counted("update"),
                "\(once.deliveries) → \(twice.deliveries)", "\(twice.entries.0) → \(twice.entries.1)",
            ])
    }

    static let rebind = Experiment(
        "rebind", question: "a view is handed a new view model (a reused cell): does it still hear the old one?",
        columns: ["the old view model's change", "entries kept", "forgetting the unbind", "whose reuse"],
        method: """
            Binds a view and lets it load, hands it a second view model the approach's way
            (what a reused cell does for its next row), lets that load, then renames a row
            of the FIRST view model: does the view set a widget? Again with the unbind
            forgotten, where the approach has one (the Clean Architecture repository's
            cells must remove(observer:) before they bind): a stale delivery. The last
            column says whose code the reuse is: the article's, or the playground's where
            the article hands no view a second view model.
            """
    ) { backend throws(ProbeRefusal) in
        func run(forgetting: Bool) throws(ProbeRefusal) -> (hears: Bool, entries: Int, source: String) {
            let bench = try Trial(backend)
            let world = try bench.attach()
            bench.drain()
            if forgetting { try bench.rebindForgettingUnbind(0) } else { try bench.rebindToNewViewModel(0) }
            bench.drain()
            let before = world.updates
            try bench.change(.rename(row: row, to: newName))
            bench.drain()
            return ((world.updates - before).all > 0, bench.registrations, bench.rebindSource)
        }
        let shipped = try run(forgetting: false)
        let forgetting: String
        do throws(ProbeRefusal) {
            forgetting = try run(forgetting: true).hears ? "reaches the view: a stale delivery" : "does not reach it"
        } catch {
            forgetting = "—"
        }
        return Finding(
            verdict: shipped.hears ? "still hears the old" : "only the new",
            cells: [
                shipped.hears ? "reaches the view" : "does not reach it", String(shipped.entries), forgetting,
                shipped.source,
            ])
    }

    static let snapshot = Experiment(
        "snapshot", question: "a view attached while a change is being delivered: does it hear that change too?",
        columns: ["attached from", "attached during the delivery", "attached right after", "so the listeners are"],
        method: """
            Lets a view load and subscribes a bare listener to the view model's rows with
            the approach's own primitive; renames a row, and the listener, told of it
            inside the primitive's delivery, attaches a second view (where the approach
            has one weak slot, no bare listener can be added: the second view is attached
            from the first view's update, inside the change's own turn, or not at all).
            The second view's widget updates up to the end of that instant are compared
            with those of a view attached just after the rename, on a fresh view model.
            """
    ) { backend throws(ProbeRefusal) in
        /// The second view's updates, and where it was attached from (nil: not during a delivery).
        func secondViewUpdates(attachDuringDelivery: Bool) throws(ProbeRefusal) -> (Int, String?) {
            let bench = try Trial(backend)
            let first = try bench.attach()
            bench.drain()
            var second: Sandbox?
            var from: String?
            var armed = false
            if attachDuringDelivery {
                do throws(ProbeRefusal) {
                    try bench.listen(toRow: row, form: .recommended) { [weak bench] _ in
                        // Once: attaching may deliver again (a replay, a draw).
                        guard armed else { return }
                        armed = false
                        second = try? bench?.attach()
                    }
                    from = "a listener, inside the delivery"
                    bench.drain()
                } catch {
                    let turn = bench.scheduler.turn
                    first.tracer.onWidgetUpdate = { [weak bench, weak first] _ in
                        // Once, and only inside the change's own turn: a
                        // later turn is after the delivery.
                        first?.tracer.onWidgetUpdate = nil
                        guard armed, bench?.scheduler.turn == turn else { return }
                        armed = false
                        second = try? bench?.attach()
                    }
                    from = "the first view's update, in the change's turn"
                }
            }
            armed = attachDuringDelivery
            try bench.change(.rename(row: row, to: newName))
            if !attachDuringDelivery { second = try bench.attach() }
            bench.settleNow()
            first.tracer.onWidgetUpdate = nil
            armed = false
            if attachDuringDelivery, second == nil { from = nil }
            return (second?.updates.all ?? 0, from)
        }
        let (during, from) = try secondViewUpdates(attachDuringDelivery: true)
        let (after, _) = try secondViewUpdates(attachDuringDelivery: false)
        guard let from else {
            return Finding(
                verdict: "not attached during",
                cells: ["nowhere: the delivery is over first", "—", after.counted("update"), "—"])
        }
        let hears = during > after
        return Finding(
            verdict: hears ? "live list" : "snapshot",
            cells: [from, during.counted("update"), after.counted("update"), hears ? "a live list" : "a snapshot"])
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
