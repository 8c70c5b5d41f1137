import BindingKit
import Experiments
import Foundation
import Kit
import Playground
import Testing

/// What every backend owes besides its screens: a declared difference is
/// checked, never skipped, and each backend comes with its docs and session.
@Suite struct TraitsTests {
    /// A backend declares coarse updates exactly when a one-row change makes
    /// it set widgets to what they already show.
    @Test(arguments: notifyingBackends)
    func coarseUpdatesAreDeclaredExactlyWhenTheyHappen(backend: any BindingBackend) {
        expectPasses(TraitChecks.coarseUpdatesOnScreen, on: backend)
    }

    /// A backend declares later-turn delivery exactly when its view model's
    /// messages reach the views on main-queue turns after the one that caused them.
    @Test(arguments: backends)
    func laterTurnDeliveryIsDeclaredExactlyWhenItHappens(backend: any BindingBackend) {
        expectPasses(TraitChecks.laterTurnOnScreen, on: backend)
    }

    /// A backend declares that only the data layer's answers come a turn
    /// later exactly when a load's answer is delivered on a later turn but a
    /// rename inside its own.
    @Test(arguments: notifyingBackends)
    func answersOnLaterTurnAreDeclaredExactlyWhenOnlyTheyAreQueued(backend: any BindingBackend) {
        expectPasses(TraitChecks.answersOnLaterTurnOnScreen, on: backend)
    }

    /// A backend declares a later-turn replay exactly when what is typed into
    /// a movies screen as it opens is gone once its turns have run.
    @Test(arguments: backends)
    func laterReplayIsDeclaredExactlyWhenTypingAsTheScreenOpensIsLost(backend: any BindingBackend) {
        expectPasses(TraitChecks.laterReplayOnScreen, on: backend)
    }

    /// A backend declares that the last observer wins exactly when a search
    /// leaves the container's full-screen spinner still: the container
    /// observed the view model's loading, and the content's observing it
    /// after replaced the container's.
    @Test(arguments: notifyingBackends)
    func lastObserverWinsIsDeclaredExactlyWhenTheContainerMissesLoading(backend: any BindingBackend) {
        expectPasses(TraitChecks.lastObserverWinsOnScreen, on: backend)
    }

    /// A backend declares delivery in no defined order exactly when a movies
    /// search, whose loading state the list and the container both show,
    /// reaches them in a round its trace marks unordered.
    @Test(arguments: backends)
    func unorderedDeliveryIsDeclaredExactlyWhenItHappens(backend: any BindingBackend) throws {
        let app = TestApp(backend: backend)
        try app.perform(.movies(.search("star wars")))
        app.drain()
        let unordered = app.world.tracer.drain().hops.filter(\.unordered).count
        let declared = backend.traits.contains { if case .deliversInNoDefinedOrder = $0 { true } else { false } }
        #expect(declared == (unordered > 0), "\(backend.info.id): \(unordered) hops in unordered rounds")
    }

    /// A backend declares delivery in no defined order exactly when the
    /// `order` experiment (three views, twelve fresh runs) sees it vary.
    @Test(arguments: backends)
    func unorderedDeliveryIsDeclaredExactlyWhenTheOrderVaries(backend: any BindingBackend) throws {
        let order = try #require(Experiments.named("order")).run(on: backend)
        let declared = backend.traits.contains { if case .deliversInNoDefinedOrder = $0 { true } else { false } }
        #expect(declared == (order.verdict == "varies"), "\(backend.info.id): \(order.verdict)")
    }

    /// A backend declares that its views never hear of a change exactly when
    /// an orders load, answered, leaves the list as it was drawn first: empty,
    /// titled "Orders", without a spinner at any point.
    @Test(arguments: backends)
    func viewsNeverHearingIsDeclaredExactlyWhenALoadDrawsNothing(backend: any BindingBackend) throws {
        let app = TestApp(backend: backend)
        try app.perform(.orders(.load))
        let spun = app.lines.contains("⟳ Loading…")
        app.drain()
        let drewNothing = !spun && app.rows() == [] && app.title == "Orders"
        #expect(
            backend.declaresViewsNeverHearOfChanges == drewNothing,
            "\(backend.info.id): \(app.title ?? "no title"), \(app.rows()?.count ?? 0) rows")
    }

    /// Where views never hear of a change, nothing the view models do after
    /// the first draw shows, on either screen: what they announce (a load, its
    /// answer, a second load, a failure) reaches nobody; and nothing is left
    /// once the views go.
    @Test(arguments: backends.filter(\.declaresViewsNeverHearOfChanges))
    func viewsThatNeverHearShowOnlyTheirFirstDraw(backend: any BindingBackend) throws {
        let app = TestApp(backend: backend)
        try app.perform(.orders(.load))
        #expect(app.lines == [""])
        _ = app.world.tracer.drain()  // the first draws
        app.drain()
        try app.perform(.orders(.load))
        app.drain()
        let announced = app.world.tracer.drain().hops.filter { $0.from != "user" }
        #expect(!announced.isEmpty && announced.allSatisfy { $0.delivery == .dropped }, "\(announced)")
        #expect(app.rows() == [] && app.title == "Orders" && app.alert == nil)
        #expect(throws: ActionError.self) { try app.perform(.orders(.select(row: 0))) }

        app.orders.failures = [.notConnected]
        try app.perform(.orders(.load))
        app.drain()
        #expect(app.alert == nil, "\(backend.info.id): the failure's alert is a change too")

        try app.perform(.movies(.search("star wars")))
        app.drain()
        #expect(app.movies.requests.count == 1)
        #expect(app.rows() == [])
        #expect(app.lines == ["⌕ star wars", "Search results"])
        try app.perform(.movies(.recent(row: nil)))
        app.drain()
        #expect(app.rows("suggestions") == [])

        app.device.releaseViews()
        app.drain()
        #expect(app.holdsOnlyDeclaredObjects(of: backend), "\(app.world.census.census)")
    }

    /// Every declared trait gives its reason, for `:explain` and the docs.
    @Test(arguments: backends)
    func traitsExplainThemselves(backend: any BindingBackend) {
        for trait in backend.traits {
            switch trait {
            case .coarseUpdates(let reason), .deliversOnLaterTurn(let reason), .lastObserverWins(let reason),
                .deliversAnswersOnLaterTurn(let reason), .replaysOnLaterTurn(let reason),
                .deliversInNoDefinedOrder(let reason), .viewsNeverHearOfChanges(let reason):
                #expect(reason.count > 20)
            case .keepsAliveAfterRelease(let classes, let reason):
                #expect(!classes.isEmpty)
                #expect(reason.count > 20)
            }
        }
    }

    /// Ids are unique, and each backend has its session in Sessions/ and its
    /// approach's page in Docs/approaches (one page for all its variants).
    @Test(arguments: backends)
    func everyBackendIsDocumented(backend: any BindingBackend) throws {
        let id = backend.info.id
        #expect(backends.filter { $0.info.id == id }.count == 1)
        #expect(backends.contains { $0.info.id == backend.info.approach }, "\(id)'s approach has no default form")
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let page = root.appendingPathComponent("Docs/approaches/\(backend.info.approach).md").path
        #expect(FileManager.default.fileExists(atPath: page), "missing \(page)")
        let session = root.appendingPathComponent("Sessions/backend-\(id).session").path
        #expect(FileManager.default.fileExists(atPath: session), "missing \(session)")
        let table = try String(
            contentsOfFile: root.appendingPathComponent("Docs/approaches/README.md").path, encoding: .utf8)
        #expect(table.contains("`\(id)`"), "Docs/approaches/README.md does not compare \(id)")
    }
}
