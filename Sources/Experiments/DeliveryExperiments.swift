public import BindingKit
import Playground

// What one change costs a view and when it arrives: an equal value, one row,
// the main-queue turn, a two-way field's echo, a value no view read.

extension Experiments {
    static let equalValue = Experiment(
        "equal-value", question: "does setting a value equal to the current one notify, and does anything redraw?",
        columns: ["deliveries to the view", "widget updates", "of them redundant"],
        method: """
            Lets a view load, then renames row 2 to "\(sameName)", which it shows already
            ("Order #2"): does the approach deliver anything to the view (a message, a
            render pass: the hops of the trace), and does the view set any widget?
            """
    ) { backend throws(ProbeRefusal) in
        let (updates, delivered) = try oneChange(on: backend, .rename(row: row, to: sameName)) { $0.deliveries }
        let verdict = delivered == 0 ? "silent" : updates.all == 0 ? "notifies, no redraw" : "notifies"
        return Finding(verdict: verdict, cells: [String(delivered), String(updates.all), String(updates.redundant)])
    }

    static let granularity = Experiment(
        "granularity", question: "one row changes: how many widgets are set, how many of them needlessly?",
        columns: ["widget updates", "needless"],
        method: """
            Lets a view load, renames one row, and counts the view's widget updates and
            those that set a widget to what it already showed.
            """
    ) { backend throws(ProbeRefusal) in
        let updates = try granularity(backend)
        let verdict =
            updates.redundant == 0
            ? updates.all.counted("widget") : "\(updates.all) widgets, \(updates.redundant) needless"
        return Finding(verdict: verdict, cells: [String(updates.all), String(updates.redundant)])
    }

    static let delivery = Experiment(
        "delivery", question: "does a change reach the view inside the same main-queue turn, or a later one?",
        columns: ["in the change's turn", "on later turns", "turns taken"],
        method: """
            Lets a view load, renames a row and counts the view's widget updates before
            the main queue runs again, then after the turns due at that instant.
            """
    ) { backend throws(ProbeRefusal) in
        let timing = try delivery(backend)
        let verdict = timing.sameTurn > 0 ? "same turn" : timing.laterTurns > 0 ? "a turn later" : "none"
        return Finding(
            verdict: verdict,
            cells: [timing.sameTurn.counted("update"), timing.laterTurns.counted("update"), String(timing.turns)])
    }

    static let twoWayEcho = Experiment(
        "two-way", question: "a field bound both ways: does typing echo back, does a set in code reach the field?",
        columns: ["typed: model set", "field set back", "set in code: field shows it"],
        method: """
            Attaches the backend's two-way bound text field, types into it, then sets the
            view model's value from code: how often is the value set, the field set back?
            """
    ) { backend throws(ProbeRefusal) in
        let bench = try Trial(backend)
        let world = bench.viewWorld()
        let field = try bench.attachTwoWayField(in: world)
        bench.drain()
        let (sets, before) = (field.modelSetCount, world.updates)
        world.run { field.userTypes(newName) }
        bench.drain()
        let modelSets = field.modelSetCount - sets
        // The user's typing itself sets the field once; more is the echo.
        let echoes = max(0, (world.updates - before).all - 1)
        world.run { field.modelSets("Rush") }
        bench.drain()
        let shows = field.fieldText == "Rush"
        let verdict = echoes == 0 ? "echo suppressed" : "echoes ×\(echoes)"
        return Finding(
            verdict: verdict,
            cells: [modelSets.counted("time"), echoes.counted("time"), shows ? "yes" : "no (\(field.fieldText))"])
    }

    static let untracked = Experiment(
        "untracked", question: "a view model value no view read changes: is any view redrawn?",
        columns: ["widget updates"],
        method: """
            Lets a view load, then changes a view model value the view did not read when
            it drew (Observation tracks only what was read): does any widget change?
            """
    ) { backend throws(ProbeRefusal) in
        let bench = try Trial(backend)
        let world = try bench.attach()
        bench.drain()
        let before = world.updates
        try bench.changeUnreadValue()
        bench.drain()
        let updates = world.updates - before
        return Finding(verdict: updates.all == 0 ? "not redrawn" : "redrawn", cells: [String(updates.all)])
    }

    /// A view's widget updates for one rename of a loaded list: what the
    /// conformance suite compares with the declared `coarseUpdates`.
    public static func granularity(_ backend: any BindingBackend) throws(ProbeRefusal) -> (all: Int, redundant: Int) {
        let updates = try oneChange(on: backend, .rename(row: row, to: newName)).updates
        return (updates.all, updates.redundant)
    }

    /// When a rename reaches the view: updates inside the change's own turn,
    /// on the main-queue turns after it, and how many turns those took —
    /// what the conformance suite compares with the declared `deliversOnLaterTurn`.
    public static func delivery(_ backend: any BindingBackend) throws(ProbeRefusal)
        -> (sameTurn: Int, laterTurns: Int, turns: Int)
    {
        let bench = try Trial(backend)
        let world = try bench.attach()
        bench.drain()
        let before = world.updates
        let turn = bench.scheduler.turn
        try bench.change(.rename(row: row, to: newName))
        let sameTurn = (world.updates - before).all
        bench.settleNow()
        return (sameTurn, (world.updates - before).all - sameTurn, bench.scheduler.turn - turn)
    }

    /// A loaded view, one change, the clock run out: the view's widget updates.
    private static func oneChange(on backend: any BindingBackend, _ change: ProbeChange) throws(ProbeRefusal)
        -> (updates: Updates, bench: Trial)
    {
        let bench = try Trial(backend)
        let world = try bench.attach()
        bench.drain()
        let before = world.updates
        try bench.change(change)
        bench.drain()
        return (world.updates - before, bench)
    }

    /// The same, with `measure` of the trial taken before and after the change: its difference.
    private static func oneChange(
        on backend: any BindingBackend, _ change: ProbeChange, measuring measure: (Trial) -> Int
    ) throws(ProbeRefusal) -> (updates: Updates, Int) {
        let bench = try Trial(backend)
        let world = try bench.attach()
        bench.drain()
        let (before, measured) = (world.updates, measure(bench))
        try bench.change(change)
        bench.drain()
        return (world.updates - before, measure(bench) - measured)
    }
}
