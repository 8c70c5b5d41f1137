import BindingKit
import Experiments
import Foundation
import Kit
import Playground
import Testing

@testable import Shell

/// The experiments on every backend: each takes part, its declared traits are
/// what the experiments observe, and the approaches' differences show.
@Suite struct ExperimentsTests {
    /// Every registered backend hands the experiments a view model to probe.
    @Test(arguments: backends)
    func everyBackendTakesPart(backend: any BindingBackend) {
        #expect(throws: Never.self, "\(backend.info.id) refuses the experiments") {
            _ = try backend.makeProbeSubject(in: TestApp(backend: backend).world)
        }
    }

    /// Each experiment a backend can run gives a verdict and one cell per column.
    @Test(arguments: backends)
    func findingsFillTheirColumns(backend: any BindingBackend) {
        for experiment in Experiments.all {
            let finding = experiment.run(on: backend)
            #expect(finding.cells.count == experiment.columns.count, "\(experiment.name) on \(backend.info.id)")
            #expect(!finding.verdict.isEmpty)
        }
    }

    /// Running an experiment again on fresh worlds finds the same.
    @Test(arguments: backends)
    func findingsAreDeterministic(backend: any BindingBackend) {
        for experiment in Experiments.all {
            #expect(experiment.run(on: backend) == experiment.run(on: backend), "\(experiment.name)")
        }
    }

    /// A backend declares coarse updates exactly when one renamed row makes
    /// its view set widgets needlessly.
    @Test(arguments: backends)
    func coarseUpdatesAreDeclaredExactlyWhenObserved(backend: any BindingBackend) {
        expectPasses(TraitChecks.coarseUpdatesInTheExperiment, on: backend)
    }

    /// A backend declares later-turn delivery exactly when a change reaches
    /// the view only on a main-queue turn after the change's own.
    @Test(arguments: backends)
    func laterTurnDeliveryIsDeclaredExactlyWhenObserved(backend: any BindingBackend) {
        expectPasses(TraitChecks.laterTurnInTheExperiment, on: backend)
    }

    /// What stays alive once a probe's view and view model are let go is
    /// exactly what the backend declares it keeps.
    @Test(arguments: backends)
    func keptObjectsAreDeclaredExactlyWhenObserved(backend: any BindingBackend) {
        expectPasses(TraitChecks.keptObjectsInTheExperiment, on: backend)
    }

    /// A backend that declares the last observer wins is observed replacing
    /// its first view with the second. (Not the converse: a weak delegate
    /// replaces too, and its screens give the container a slot of its own.)
    @Test(arguments: backends)
    func lastObserverWinsIsObservedWhereDeclared(backend: any BindingBackend) throws {
        let declared = backend.traits.contains { if case .lastObserverWins = $0 { true } else { false } }
        let listeners = try #require(Experiments.named("listeners"))
        if declared { #expect(listeners.run(on: backend).verdict == "replaces", "\(backend.info.id)") }
    }

    /// A second delegate replaces the first; a second handler on an Output adds to it.
    @Test func aSecondDelegateReplacesWhereAnOutputAdds() throws {
        let listeners = try #require(Experiments.named("listeners"))
        #expect(listeners.run(on: try #require(BackendRegistry.backend("delegate"))).verdict == "replaces")
        #expect(listeners.run(on: try #require(BackendRegistry.backend("output"))).verdict == "adds")
    }

    /// Binding an output view twice doubles its deliveries and leaves two entries on the Output.
    @Test func bindingAnOutputViewTwiceDoublesItsDeliveries() throws {
        let finding = try #require(Experiments.named("bind twice")).run(
            on: try #require(BackendRegistry.backend("output")))
        #expect(finding.verdict == "doubles")
        #expect(finding.cells[4] == "1 → 2")
    }

    /// A view given a new view model still hears the old one through a weak
    /// delegate, but not through associated's setter, which unsubscribes first.
    @Test func aRebindViewHearsTheOldViewModelUnlessTheSetterUnsubscribes() throws {
        let rebind = try #require(Experiments.named("rebind"))
        #expect(rebind.run(on: try #require(BackendRegistry.backend("delegate"))).verdict == "still hears the old")
        #expect(rebind.run(on: try #require(BackendRegistry.backend("associated"))).verdict == "only the new")
    }

    /// The associated article's own handler, capturing its view model, keeps
    /// the view model alive once everything is let go; the shipped wiring does not.
    @Test func theAssociatedArticlesCaptureIsACycle() throws {
        let finding = try #require(Experiments.named("naive-capture"))
            .run(on: try #require(BackendRegistry.backend("associated")))
        #expect(finding.cells[0] == "nothing")
        #expect(finding.cells[3] != "nothing" && finding.cells[3] != "n/a")
        #expect(finding.notes.contains { $0.hasPrefix("the article's own") && $0.contains("OrdersVM") })
    }

    /// No verdict is a constant: a "would crash" is a child process that
    /// trapped (its note names the signal that ended it), and no refusal
    /// claims what would happen instead of running it; and every experiment
    /// that the approaches answer differently gives more than one verdict
    /// over the backends (snapshot: every approach here notifies a snapshot,
    /// observed from a listener inside the delivery, see `snapshotIsObservedInsideTheDelivery`).
    @Test func noVerdictComesFromAConstant() throws {
        for experiment in Experiments.all {
            var verdicts: Set<String> = []
            for backend in backends {
                let finding = experiment.run(on: backend)
                verdicts.insert(finding.verdict)
                let id = "\(experiment.name) on \(backend.info.id)"
                for note in finding.notes where note.contains("not possible") {
                    #expect(!note.contains("crash"), "\(id) claims a crash it did not run: \(note)")
                }
                let crashes = finding.cells.filter { $0.hasPrefix("would crash") }.count
                if crashes > 0 || finding.verdict.contains("would crash") {
                    #expect(
                        finding.notes.contains { $0.contains("would crash") && $0.contains("ended by SIG") },
                        "\(id): a crash without the child's signal: \(finding.notes)")
                }
            }
            if experiment.name != "snapshot" {
                #expect(verdicts.count > 1, "\(experiment.name) gives one verdict everywhere: \(verdicts)")
            }
        }
    }

    /// The snapshot's second view is attached from inside the delivery
    /// wherever the approach lets a listener in, and every one of them
    /// notifies a snapshot of its listeners.
    @Test func snapshotIsObservedInsideTheDelivery() throws {
        let snapshot = try #require(Experiments.named("snapshot"))
        for backend in backends {
            let finding = snapshot.run(on: backend)
            #expect(finding.cells[0].contains("inside the delivery") || finding.cells[0].contains("change's turn"))
            #expect(finding.verdict == "snapshot", "\(backend.info.id)")
        }
    }

    /// Docs/approaches/README.md's table is the program's `matrix --markdown`
    /// (re-generate it with `swift run bindlab matrix --markdown --update Docs/approaches/README.md`).
    @Test func theApproachesTableIsTheGeneratedMatrix() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let text = try String(
            contentsOfFile: root.appendingPathComponent("Docs/approaches/README.md").path, encoding: .utf8)
        let checkedIn = try #require(CLI.checkedInMatrix(in: text), "the README has no matrix markers")
        let generated = Report.markdown(backends)
        let first =
            zip(checkedIn, generated).enumerated().first { $0.element.0 != $0.element.1 }?.offset
            ?? min(checkedIn.count, generated.count)
        let now = first < generated.count ? generated[first] : "nothing"
        #expect(
            checkedIn == generated,
            """
            Docs/approaches/README.md's matrix differs from the program's from its line \(first + 1) on \
            (now: \(now)); re-generate it on purpose: \
            swift run bindlab matrix --markdown --update Docs/approaches/README.md
            """)
    }
}
