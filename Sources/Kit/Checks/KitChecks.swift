import BindingKit
import Experiments
import Playground
import PlaygroundTestSupport
import WorkshopBackend

/// The kit's own checks, beyond the conformance suite's: a matrix verdict a
/// task requires, the replay policy the attendee declares, and the
/// capstone's `Observable`.
public enum KitChecks {
    /// The experiment `name` (`:probe NAME`) finds one of `verdicts` on the backend.
    public static func verdict(_ name: String, is verdicts: [String], _ summary: String) -> Check {
        Check("matrix.\(name)", summary) { backend throws(CheckFailure) in
            guard let experiment = Experiments.named(name) else {
                throw CheckFailure("the experiment \(name) exists", found: "no such experiment")
            }
            let finding = experiment.run(on: backend)
            guard !verdicts.contains(finding.verdict) else { return }
            let cells = zip(experiment.columns, finding.cells).map { "\($0): \($1)" }.joined(separator: "; ")
            throw CheckFailure(
                "`:probe \(name)` (\(experiment.question)) says "
                    + verdicts.map { "\"\($0)\"" }.joined(separator: " or "),
                found: "\"\(finding.verdict)\" (\(cells))"
                    + (finding.notes.isEmpty ? "" : "; " + finding.notes.joined(separator: "; ")))
        }
    }

    /// Task 6: the declared replay policy is the one the `replay` experiment sees.
    public static let replayDeclared = Check(
        "kit.replay-declared",
        "the replay policy is declared (`replay` in the assembly), and it is what the backend does"
    ) { backend throws(CheckFailure) in
        guard let kit = backend as? any KitBackend else {
            throw CheckFailure(
                "the backend is a kit's (`KitBackend`), which declares its replay policy", found: "it is not")
        }
        guard let declared = kit.replay else {
            throw CheckFailure(
                "the assembly declares a replay policy: `public let replay: ReplayPolicy? = .…` "
                    + "(one of \(ReplayPolicy.allCases.map { ".\($0)" }.joined(separator: ", ")))",
                found: "nil: nothing declared yet")
        }
        guard let experiment = Experiments.named("replay") else { return }
        let finding = experiment.run(on: backend)
        guard finding.verdict != declared.rawValue else { return }
        let cells = zip(experiment.columns, finding.cells).map { "\($0): \($1)" }.joined(separator: "; ")
        throw CheckFailure(
            "a view that starts listening late gets the rows as declared, .\(declared) (`:probe replay` says "
                + "\"\(declared.rawValue)\")",
            found: "\"\(finding.verdict)\" (\(cells))")
    }
}

/// Task 9, the capstone: kudoleh/iOS-Clean-Architecture-MVVM issue 36,
/// "Observer class does not stop listening when remove is called", on the
/// backend's own `Observable` (its `+Probe` file hands one over).
public enum CapstoneChecks {
    public static let all: [Check] = [
        theIssuesSteps, aQueuedChangeAfterRemove, othersStillHear, observingAgainAfterRemove, removingWhileDelivering,
    ]

    /// Someone to observe on: the issue's view controller.
    final class Listener {}

    /// What one observer's block heard.
    final class Heard {
        var values: [Int] = []
    }

    /// A fresh `Observable<Int>` of the backend's Glue on a world of its own.
    static func observable(_ backend: any BindingBackend, _ value: Int) throws(CheckFailure)
        -> (any ObservableUnderTest, TestApp)
    {
        guard let kit = backend as? any KitBackend else {
            throw CheckFailure(
                "the backend is a kit's (`KitBackend`), whose Glue has an `Observable`", found: "it is not")
        }
        let app = TestApp(backend: backend)
        return (app.world.perform { kit.makeObservable(value) }, app)
    }

    static func observe(
        _ observable: any ObservableUnderTest, on listener: Listener, into heard: Heard, in app: TestApp
    ) {
        app.world.perform {
            observable.observe(on: listener) { [weak heard] value in heard?.values.append(value) }
        }
    }

    public static let theIssuesSteps = Check(
        "capstone.issue-36",
        "issue 36's own steps: observe(on:), remove(observer:), then a set, in one turn: the block never runs"
    ) { backend throws(CheckFailure) in
        let (observable, app) = try observable(backend, 0)
        let listener = Listener()
        let heard = Heard()
        observe(observable, on: listener, into: heard, in: app)
        app.world.perform {
            observable.remove(observer: listener)
            observable.value = 1
        }
        app.drain()
        guard heard.values.isEmpty else {
            throw CheckFailure(
                "after `observe(on: self)`, `remove(observer: self)` and `value = 1`, in one turn (the issue's "
                    + "`viewDidLoad`), the block never runs: nothing is delivered to an observer removed before "
                    + "its delivery's turn",
                steps: ["observe(on: listener)", "remove(observer: listener)", "value = 1", "the main queue runs"],
                found: "the block ran \(heard.values.count) time\(heard.values.count == 1 ? "" : "s"), with "
                    + heard.values.map(String.init).joined(separator: ", "))
        }
    }

    public static let aQueuedChangeAfterRemove = Check(
        "capstone.queued-change",
        "a change queued before remove(observer:) is not delivered once the observer is removed"
    ) { backend throws(CheckFailure) in
        let (observable, app) = try observable(backend, 0)
        let listener = Listener()
        let heard = Heard()
        observe(observable, on: listener, into: heard, in: app)
        app.drain()
        let replayed = heard.values
        app.world.perform {
            observable.value = 2
            observable.remove(observer: listener)
        }
        app.drain()
        guard heard.values == replayed else {
            throw CheckFailure(
                "a set whose delivery is still queued when `remove(observer:)` is called is not delivered",
                steps: [
                    "observe(on: listener)", "the main queue runs", "value = 2", "remove(observer: listener)",
                    "the main queue runs",
                ],
                found: "after the removal, the block heard "
                    + heard.values.dropFirst(replayed.count).map(String.init)
                    .joined(separator: ", "))
        }
    }

    public static let othersStillHear = Check(
        "capstone.others",
        "removing one observer leaves the others hearing every change, in the order they observed"
    ) { backend throws(CheckFailure) in
        let (observable, app) = try observable(backend, 0)
        let (first, second, third) = (Listener(), Listener(), Listener())
        let heard = [Heard(), Heard(), Heard()]
        var order: [Int] = []
        app.world.perform {
            for (index, listener) in [first, second, third].enumerated() {
                observable.observe(on: listener) { [weak box = heard[index]] value in
                    box?.values.append(value)
                    order.append(index + 1)
                }
            }
        }
        app.drain()
        let steps = ["observe(on: a)", "observe(on: b)", "observe(on: c)", "the main queue runs"]
        guard heard.allSatisfy({ $0.values == [0] }) else {
            throw CheckFailure(
                "each observer is handed the current value (0) once when it starts observing", steps: steps,
                found: "a heard \(heard[0].values), b \(heard[1].values), c \(heard[2].values)")
        }
        order.removeAll()
        app.world.perform {
            observable.remove(observer: second)
            observable.value = 3
        }
        app.drain()
        let after = steps + ["remove(observer: b)", "value = 3", "the main queue runs"]
        guard heard[0].values == [0, 3], heard[2].values == [0, 3], heard[1].values == [0] else {
            throw CheckFailure(
                "a and c hear 3, b (removed) does not", steps: after,
                found: "a heard \(heard[0].values), b \(heard[1].values), c \(heard[2].values)")
        }
        guard order == [1, 3] else {
            throw CheckFailure("a hears it before c: the order they observed in", steps: after, found: "order \(order)")
        }
        _ = (first, third)
    }

    public static let observingAgainAfterRemove = Check(
        "capstone.observe-again", "an observer removed and observing again hears again, once each change"
    ) { backend throws(CheckFailure) in
        let (observable, app) = try observable(backend, 0)
        let listener = Listener()
        let heard = Heard()
        observe(observable, on: listener, into: heard, in: app)
        app.drain()
        app.world.perform { observable.remove(observer: listener) }
        observe(observable, on: listener, into: heard, in: app)
        app.drain()
        app.world.perform { observable.value = 4 }
        app.drain()
        guard heard.values == [0, 0, 4] else {
            throw CheckFailure(
                "observing again after `remove(observer:)` is handed the value again (0), then hears 4, once",
                steps: [
                    "observe(on: listener)", "the main queue runs", "remove(observer: listener)",
                    "observe(on: listener)", "the main queue runs", "value = 4", "the main queue runs",
                ],
                found: "the blocks heard \(heard.values)")
        }
    }

    public static let removingWhileDelivering = Check(
        "capstone.remove-in-block",
        "a block that removes its own observer on the first change it hears hears nothing more; the others carry on"
    ) { backend throws(CheckFailure) in
        let (observable, app) = try observable(backend, 0)
        let (quitter, stayer) = (Listener(), Listener())
        let (quit, stay) = (Heard(), Heard())
        app.world.perform {
            observable.observe(on: quitter) { [weak quit, weak quitter, weak observable] value in
                quit?.values.append(value)
                // The replay is 0; the first change removes it.
                if value > 0, let quitter { observable?.remove(observer: quitter) }
            }
            observable.observe(on: stayer) { [weak stay] value in stay?.values.append(value) }
        }
        app.drain()
        app.world.perform {
            observable.value = 5
            observable.value = 6
        }
        app.drain()
        app.world.perform { observable.value = 7 }
        app.drain()
        let quitHeard = quit.values.filter { $0 > 0 }
        guard quitHeard.count == 1, !quitHeard.contains(7) else {
            throw CheckFailure(
                "the observer whose block removed it on the first change it heard hears nothing more",
                steps: [
                    "observe(on: a) { remove(observer: a) on a change }", "observe(on: b)", "value = 5", "value = 6",
                    "the main queue runs", "value = 7", "the main queue runs",
                ],
                found: "a heard \(quit.values)")
        }
        guard stay.values.count == 4, stay.values.last == 7 else {
            throw CheckFailure(
                "the other observer hears the replay and each of the three sets", found: "b heard \(stay.values)")
        }
        _ = (quitter, stayer)
    }
}
