import BindingKit
import Experiments
import Playground
import PlaygroundTestSupport

/// A declared difference is checked, never skipped: each trait a backend
/// may declare is declared exactly when the screens or the experiments see
/// it. The conformance suite's `TraitsTests` and `ExperimentsTests` run these
/// on every backend; the kit's tasks on the attendee's, whose assembly
/// declares its `traits`.
public enum TraitChecks {
    public static let all: [Check] = [
        coarseUpdatesOnScreen, coarseUpdatesInTheExperiment, laterTurnOnScreen, answersOnLaterTurnOnScreen,
        laterTurnInTheExperiment, laterReplayOnScreen, lastObserverWinsOnScreen, keptObjectsInTheExperiment,
    ]

    public static let coarseUpdatesOnScreen = Check(
        "traits.coarse-updates",
        "`coarseUpdates` is declared exactly when one rename makes the view set widgets to what they show"
    ) { backend throws(CheckFailure) in
        let run = CheckRun(backend)
        try run.perform(.orders(.load))
        run.drain()
        let before = run.app.world.tracer.redundantUpdateCount
        try run.perform(.orders(.rename(row: 2, name: "Gift")))
        run.drain()
        let redundant = run.app.world.tracer.redundantUpdateCount - before
        try declared(
            .coarseUpdates, by: backend, exactly: redundant > 0, run: run,
            observed: "one rename set \(redundant) widgets to what they already showed")
    }

    public static let coarseUpdatesInTheExperiment = Check(
        "traits.coarse-updates-probe",
        "`coarseUpdates` is declared exactly when the granularity experiment sees needless updates"
    ) { backend throws(CheckFailure) in
        let observed = try experiment { () throws(ProbeRefusal) in try Experiments.granularity(backend) }
        try declared(
            .coarseUpdates, by: backend, exactly: observed.redundant > 0, run: nil,
            observed: "the granularity experiment counts \(observed.all) widget updates, \(observed.redundant) needless"
        )
    }

    public static let laterTurnOnScreen = Check(
        "traits.later-turn",
        "a later-turn delivery is declared exactly when a load's messages reach the views on main-queue turns after"
    ) { backend throws(CheckFailure) in
        let run = CheckRun(backend)
        try run.perform(.orders(.load))
        run.drain()
        let queued = run.app.world.tracer.hopCounts[.queued] ?? 0
        let declared = backend.traits.contains {
            switch $0 {
            case .deliversOnLaterTurn, .deliversAnswersOnLaterTurn: true
            default: false
            }
        }
        guard declared != (queued > 0) else { return }
        throw run.failure(
            declared
                ? "a backend that declares `deliversOnLaterTurn` delivers on a later main-queue turn"
                : "a backend that delivers on a later main-queue turn declares it (`deliversOnLaterTurn`)",
            found: "\(queued) of the load's messages were delivered a turn later")
    }

    public static let answersOnLaterTurnOnScreen = Check(
        "traits.answers-later",
        "`deliversAnswersOnLaterTurn` is declared exactly when only the data layer's answers come a turn later"
    ) { backend throws(CheckFailure) in
        let run = CheckRun(backend)
        try run.perform(.orders(.load))
        run.drain()
        let queuedLoad = run.app.world.tracer.hopCounts[.queued] ?? 0
        try run.perform(.orders(.rename(row: 2, name: "Gift")))
        run.drain()
        let queuedRename = (run.app.world.tracer.hopCounts[.queued] ?? 0) - queuedLoad
        try declared(
            .deliversAnswersOnLaterTurn, by: backend, exactly: queuedLoad > 0 && queuedRename == 0, run: run,
            observed: "the load's messages: \(queuedLoad) a turn later; the rename's: \(queuedRename)")
    }

    public static let laterTurnInTheExperiment = Check(
        "traits.later-turn-probe",
        "`deliversOnLaterTurn` is declared exactly when the delivery experiment sees a change only a turn later"
    ) { backend throws(CheckFailure) in
        let observed = try experiment { () throws(ProbeRefusal) in try Experiments.delivery(backend) }
        try declared(
            .deliversOnLaterTurn, by: backend, exactly: observed.sameTurn == 0 && observed.laterTurns > 0,
            run: nil,
            observed: "a rename set \(observed.sameTurn) widgets in its own turn, \(observed.laterTurns) on later ones")
    }

    public static let laterReplayOnScreen = Check(
        "traits.later-replay",
        "`replaysOnLaterTurn` is declared exactly when what is typed into the movies screen as it opens is lost"
    ) { backend throws(CheckFailure) in
        let run = CheckRun(backend)
        try run.perform(.movies(.type("alien")))
        run.drain()
        let kept = run.app.lines.first == "⌕ alien"
        try declared(
            .replaysOnLaterTurn, by: backend, exactly: !kept, run: run,
            observed: kept ? "what was typed stays" : "the field shows \(run.app.lines.first ?? "nothing")")
    }

    public static let lastObserverWinsOnScreen = Check(
        "traits.last-observer",
        "`lastObserverWins` is declared exactly when a search leaves the container's full-screen spinner still"
    ) { backend throws(CheckFailure) in
        let run = CheckRun(backend)
        try run.perform(.movies(.search("star wars")))
        let spinning = run.app.lines.contains("⟳ Loading…")
        try run.expect(run.app.movies.requests.count, equals: 1, "the search asks for one page")
        try declared(
            .lastObserverWins, by: backend, exactly: !spinning, run: run,
            observed: spinning ? "the spinner turns" : "the spinner stays still: the container heard nothing")
    }

    public static let keptObjectsInTheExperiment = Check(
        "traits.kept-alive",
        "what stays alive once a probe's view and view model are let go is exactly what `keepsAliveAfterRelease` says"
    ) { backend throws(CheckFailure) in
        let declared = Set(
            backend.traits.flatMap { trait -> [String] in
                if case .keepsAliveAfterRelease(let classes, _) = trait { return classes }
                return []
            })
        let alive = try experiment { () throws(ProbeRefusal) in try Experiments.aliveAfterRelease(backend) }
        guard Set(alive) != declared else { return }
        throw CheckFailure(
            declared.isEmpty
                ? "nothing stays alive once the view and its view model are let go"
                : "what stays alive is what `keepsAliveAfterRelease` declares: \(declared.sorted().joined(separator: ", "))",
            found: alive.isEmpty ? "nothing alive" : alive.joined(separator: ", ") + " alive")
    }

    // MARK: Helpers

    /// The traits a check compares, named as a backend declares them.
    enum Declared: String {
        case coarseUpdates, deliversAnswersOnLaterTurn, deliversOnLaterTurn, replaysOnLaterTurn, lastObserverWins

        func matches(_ trait: BackendTrait) -> Bool {
            switch (self, trait) {
            case (.coarseUpdates, .coarseUpdates), (.deliversAnswersOnLaterTurn, .deliversAnswersOnLaterTurn),
                (.deliversOnLaterTurn, .deliversOnLaterTurn), (.replaysOnLaterTurn, .replaysOnLaterTurn),
                (.lastObserverWins, .lastObserverWins):
                true
            default: false
            }
        }
    }

    /// Fails unless `backend` declares `trait` exactly when `happens`.
    static func declared(
        _ trait: Declared, by backend: any BindingBackend, exactly happens: Bool, run: CheckRun?, observed: String
    ) throws(CheckFailure) {
        let declares = backend.traits.contains { trait.matches($0) }
        guard declares != happens else { return }
        let expectation =
            declares
            ? "a backend that declares `\(trait.rawValue)` does what it declares"
            : "a backend that does this declares it: `\(trait.rawValue)` in its `traits`"
        throw CheckFailure(expectation, steps: run?.steps ?? [], found: observed)
    }

    /// What an experiment measured, or the failure saying why it could not run.
    static func experiment<Result>(_ body: () throws(ProbeRefusal) -> Result) throws(CheckFailure) -> Result {
        do {
            return try body()
        } catch {
            throw CheckFailure("the experiments can run on the backend", found: "refused: \(error.reason)")
        }
    }
}
