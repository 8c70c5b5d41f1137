import BindingKit
import Playground

// What a handler may do inside a delivery, and what the primitive does with
// a listener over time: the questions iOS developers ask most, and the
// articles' complaints. Each runs a bare listener (`ProbeSubject.listen`)
// subscribed with the approach's own primitive; the ones that may trap run
// in a child process (`Isolation`).

extension Experiments {
    static let readBack = Experiment(
        "read-back",
        question: "a handler reads the property it was told of: does it see the new value?",
        columns: ["delivered", "read back in the handler", "the article's own form"],
        method: """
            Subscribes a bare listener to the view model's rows with the approach's own
            primitive, lets them load, renames row 2 to "\(newName)" and, inside the
            delivery, reads row 2 back from the view model's property. Run in a child
            process, where Swift's exclusivity check (a read of a property while it is
            being written) stops only the child; again with the article's own form where
            the backend adapted it (Tinkoff's `@Observable`, which raises in `didSet`).
            """,
        runsInAChild: true
    ) { backend throws(ProbeRefusal) in
        let shipped = try isolated("read-back", on: backend)
        let article = try? isolated("read-back/article", on: backend)
        var notes = shipped.notes
        let articleCell: String
        if let article {
            articleCell = article.cells.count > 1 ? article.cells[1] : article.cells.first ?? "?"
            notes += article.notes.map { "the article's own form: \($0)" }
        } else {
            articleCell = "—"
        }
        let read = shipped.cells.count > 1 ? shipped.cells[1] : shipped.cells.first ?? "?"
        let verdict: String
        if articleCell.hasPrefix(wouldCrash) {
            verdict = "would crash (article)"
        } else if read.hasPrefix(wouldCrash) {
            verdict = wouldCrash
        } else if read.hasPrefix(oldValue) {
            verdict = "the old value"
        } else if read.hasPrefix(newValue) {
            verdict = "the new value"
        } else {
            verdict = "nothing to read"
        }
        let delivered = shipped.cells.count > 1 ? shipped.cells[0] : "—"
        return Finding(verdict: verdict, cells: [delivered, read, articleCell], notes: notes)
    }

    static let oldValue = "the old value"
    static let newValue = "the new value"

    /// One read-back, in the child: what was delivered and what was read.
    static func readBackRun(on backend: any BindingBackend, form: ProbeWiring) throws(ProbeRefusal) -> [String] {
        let bench = try Trial(backend)
        var heard: [(delivered: String?, read: String?)] = []
        var listening = false
        try bench.change(.load)
        bench.drain()
        try bench.listen(toRow: row, form: form) { delivery in
            guard listening else { return }
            heard.append((delivery.delivered, delivery.readBack()))
        }
        bench.drain()
        listening = true
        try bench.change(.rename(row: row, to: newName))
        bench.drain()
        guard let first = heard.first else { return ["—", "not told"] }
        let renamed = "\(newName) #\(row)"
        func said(_ title: String?) -> String {
            guard let title else { return "nothing" }
            return title == renamed ? "\(newValue) (\(title))" : "\(oldValue) (\(title))"
        }
        let read = first.read == nil ? "nothing to read: the view model keeps its rows" : said(first.read)
        return [first.delivered == nil ? "no value" : said(first.delivered), read]
    }

    /// How many runs `reentrant-set` compares. Two listeners have two orders
    /// only, so twelve runs of a dictionary's order came out all alike about
    /// once in two thousand (and the finding changed from run to run);
    /// forty-eight make that about once in 10^14.
    static let reentrantRuns = 48

    static let reentrantSet = Experiment(
        "reentrant-set",
        question: "a handler sets the value again while it is delivered: what does the next listener hear last?",
        columns: ["listener 1 hears", "listener 2 hears", "the view model ends on", "the article's own form"],
        method: """
            Subscribes two bare listeners to the view model's rows, lets them load and
            renames row 2 to "\(newName)"; the first listener, told of it, renames row 2
            again, to "\(newName) 2", from inside the delivery. What each hears of row 2,
            in order: does the second end on the newest name, or on the older one it was
            being told when the nested set came, and which name does the view model keep?
            Done \(reentrantRuns) times (the order may vary). Run in a child process (a set inside a
            set may trip Swift's exclusivity check), and again with the article's own
            form where the backend adapted it.
            """,
        runsInAChild: true
    ) { backend throws(ProbeRefusal) in
        let shipped = try isolated("reentrant-set", on: backend)
        let article = try? isolated("reentrant-set/article", on: backend)
        let articleCell = article.map { $0.cells.count > 1 ? $0.cells[1] : $0.cells.first ?? "?" } ?? "—"
        let notes = shipped.notes + (article?.notes.map { "the article's own form: \($0)" } ?? [])
        guard shipped.cells.count == 3 else {
            let cell = shipped.cells.first ?? "?"
            return Finding(
                verdict: cell.hasPrefix(wouldCrash) ? wouldCrash : cell, cells: [cell, cell, cell, articleCell],
                notes: notes)
        }
        let second = shipped.cells[1].split(separator: ",").map { String($0).trimmingCharacters(in: " ") }
        let newest = "\(newName) 2"
        let verdict: String
        if articleCell.hasPrefix(wouldCrash) {
            verdict = "would crash (article)"
        } else if shipped.cells[1] == "changes from run to run" {
            verdict = "varies"
        } else if shipped.cells[2] != newest && shipped.cells[2] != "—" {
            verdict = "nested set lost"
        } else if second.last == newest {
            verdict = second.first == newest && second.count > 1 ? "newest, twice" : "in order"
        } else {
            verdict = second.isEmpty ? "not told" : "ends stale"
        }
        return Finding(verdict: verdict, cells: shipped.cells + [articleCell], notes: notes)
    }

    /// The re-entrant set, in the child: what each of two listeners heard of
    /// row 2, and the name the view model ends on. Done `reentrantRuns` times on
    /// fresh worlds (kept alive): where the listeners are told in no defined
    /// order, what they hear changes from run to run, and is said so.
    static func reentrantRun(on backend: any BindingBackend, form: ProbeWiring) throws(ProbeRefusal) -> [String] {
        var benches: [Trial] = []
        var runs: [[String]] = []
        for _ in 0..<reentrantRuns {
            let bench = try Trial(backend)
            benches.append(bench)
            runs.append(try reentrantOnce(bench, form: form))
        }
        guard runs.allSatisfy({ $0 == runs[0] }) else {
            return ["changes from run to run", "changes from run to run", runs[0][2]]
        }
        return runs[0]
    }

    private static func reentrantOnce(_ bench: Trial, form: ProbeWiring) throws(ProbeRefusal) -> [String] {
        var heard: [[String]] = [[], []]
        var listening = false
        var setAgain = false
        var readBack: (() -> String?)?
        func name(_ title: String) -> String { String(title.prefix { $0 != "#" }.dropLast()) }
        try bench.change(.load)
        bench.drain()
        for index in 0..<2 {
            try bench.listen(toRow: row, form: form) { [weak bench] delivery in
                guard listening, let title = delivery.delivered ?? delivery.readBack() else { return }
                readBack = delivery.readBack
                heard[index].append(name(title))
                if index == 0, !setAgain {
                    setAgain = true
                    try? bench?.change(.rename(row: row, to: "\(newName) 2"))
                }
            }
        }
        bench.drain()
        listening = true
        try bench.change(.rename(row: row, to: newName))
        bench.drain()
        let ends = readBack?().map(name) ?? "—"
        return heard.map { $0.isEmpty ? "nothing" : $0.joined(separator: ", ") } + [ends]
    }

    static let unsubscribe = Experiment(
        "unsubscribe",
        question: "a listener stops the approach's way (remove(observer:), unsubscribe): does a change still reach it?",
        columns: ["how", "a change before", "a change after stopping"],
        method: """
            Subscribes a bare listener to the view model's rows, lets them load, renames a
            row (it hears it), stops the listener with the approach's own call, renames
            again: is it still told? An approach without such a call says so.
            """
    ) { backend throws(ProbeRefusal) in
        let bench = try Trial(backend)
        var told = 0
        try bench.change(.load)
        bench.drain()
        let listener = try bench.listen(toRow: row, form: .recommended) { _ in told += 1 }
        bench.drain()
        told = 0
        try bench.change(.rename(row: row, to: newName))
        bench.drain()
        let before = told
        try listener.stop()
        told = 0
        try bench.change(.rename(row: row, to: "\(newName) 2"))
        bench.drain()
        return Finding(
            verdict: told == 0 ? "stops" : "still told",
            cells: [
                listener.stopping, before.counted("delivery", "deliveries"), told.counted("delivery", "deliveries"),
            ])
    }

    static let trackOnce = Experiment(
        "track-once",
        question: "a listener registered once, and never again: does it hear the second change too?",
        columns: ["first change", "second change"],
        method: """
            Subscribes a bare listener to the view model's rows once, with the approach's
            own call, lets them load, then renames row 2 twice: how many times is it told
            of each? (Observation's `onChange` fires once: whoever wants the next change
            must call `withObservationTracking` again.)
            """
    ) { backend throws(ProbeRefusal) in
        let bench = try Trial(backend)
        var told = 0
        try bench.change(.load)
        bench.drain()
        try bench.listen(toRow: row, form: .recommended) { _ in told += 1 }
        bench.drain()
        told = 0  // a replay on subscribing is not a change
        try bench.change(.rename(row: row, to: newName))
        bench.drain()
        let first = told
        told = 0
        try bench.change(.rename(row: row, to: "\(newName) 2"))
        bench.drain()
        let second = told
        let verdict = second == 0 ? (first == 0 ? "never told" : "once, then re-track") : "every change"
        return Finding(
            verdict: verdict,
            cells: [first.counted("delivery", "deliveries"), second.counted("delivery", "deliveries")])
    }

    static let secondCommand = Experiment(
        "second-command",
        question: "a second command bound to one button: replaced, added, or a crash?",
        columns: ["a tap runs"],
        method: """
            Binds two commands to one button, one after the other, the approach's way (the
            2015 article's `button >> command`, whose setter calls `fatalError` when the
            button has one), and taps it. Run in a child process, where the trap stops only
            the child: the cell then says "would crash", the note the runtime's message.
            """,
        runsInAChild: true
    ) { backend throws(ProbeRefusal) in
        let finding = try isolated("second-command", on: backend)
        let cell = finding.cells.first ?? "?"
        let verdict = cell.hasPrefix(wouldCrash) ? wouldCrash : cell
        return Finding(verdict: verdict, cells: [cell], notes: finding.notes)
    }

    /// Two commands on one button, in the child.
    static func secondCommandRun(on backend: any BindingBackend) throws(ProbeRefusal) -> [String] {
        let bench = try Trial(backend)
        return [try bench.bindTwoCommandsToOneButton()]
    }

    /// What a child found running `job` on `backend`: its lines as cells, or
    /// "would crash: …" (the signal in a note); a refusal is thrown on.
    static func isolated(_ job: String, on backend: any BindingBackend) throws(ProbeRefusal)
        -> (cells: [String], notes: [String])
    {
        // A backend outside the experiments says so here, not from the child.
        _ = try Trial(backend)
        switch Isolation.run(job, on: backend) {
        case .finished(let lines): return (lines, [])
        case .refused(let reason), .unavailable(let reason): throw ProbeRefusal(reason)
        case .trapped(let message, let signal):
            return (
                ["\(wouldCrash): \(message)"],
                ["would crash: \(message) (the child process was ended by \(Isolation.name(ofSignal: signal)))"]
            )
        }
    }
}

extension String {
    fileprivate func trimmingCharacters(in set: Character) -> String {
        String(drop { $0 == set }.reversed().drop { $0 == set }.reversed())
    }
}
