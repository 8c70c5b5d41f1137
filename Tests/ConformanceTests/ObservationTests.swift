import BindingKit
import Domain
import Observation
import Playground
import Testing

@testable import ObservationBackend

/// What only the `observation` backend promises, and the consequences of
/// Swift's Observation the playground is meant to show: a view re-renders a
/// main-queue turn after a change, once for several changes, only for what
/// it read, and lets go when it goes.
@Suite struct ObservationTests {
    /// A model with one property the view reads and one it does not.
    @Observable final class Counter {
        var shown = 0
        var unread = 0
    }

    /// A view that shows `counter.shown` and counts its renders.
    final class CounterView: ObservingView {
        let label = Label(name: "label")
        let counter: Counter
        private(set) var renders = 0
        /// Owned by the view, as every view of the backend owns its screen's queue.
        private let renderQueue = RenderQueue()

        init(counter: Counter) {
            self.counter = counter
        }

        func viewDidLoad() { renderQueue.start(self) }

        func render(into changes: inout WidgetChanges) {
            renders += 1
            changes.set(label, \.text, to: "\(counter.shown)")
        }
    }

    /// A world of its own, clock at zero.
    static func makeWorld() -> Sandbox { TestApp(backend: ObservationBackend()).world }

    /// A view made and started in `world`, as the host shows one: rendered once, the trace emptied.
    static func makeView(in world: Sandbox, counter: Counter = Counter()) -> CounterView {
        let view = world.run {
            let view = CounterView(counter: counter)
            view.viewDidLoad()
            return view
        }
        _ = world.tracer.drain()
        return view
    }

    /// A change to a property the render read re-renders the view one main-queue turn later, traced as queued and naming the widget it changed.
    @Test func aChangeReRendersATurnLater() {
        let world = Self.makeWorld()
        let view = Self.makeView(in: world)
        #expect(view.renders == 1)

        world.run { view.counter.shown = 7 }
        #expect(view.renders == 1)
        #expect(view.label.text == "0")
        #expect(world.scheduler.step())
        #expect(view.renders == 2)
        #expect(view.label.text == "7")
        let hops = world.tracer.drain().hops
        #expect(hops.map(\.delivery) == [.queued])
        #expect(hops.map(\.message) == ["render(): label"])
        #expect(hops.map(\.to) == ["CounterView"])
    }

    /// Several sets in one turn make one re-render, which reads the last value.
    @Test func setsInOneTurnAreCoalesced() {
        let world = Self.makeWorld()
        let view = Self.makeView(in: world)

        world.run {
            view.counter.shown = 1
            view.counter.shown = 2
            view.counter.shown = 3
        }
        while world.scheduler.step() {}
        #expect(view.renders == 2)
        #expect(view.label.text == "3")
        #expect(world.tracer.drain().hops.count == 1)
    }

    /// The re-render tracks afresh: a change after it re-renders again.
    @Test func theReRenderRegistersAgain() {
        let world = Self.makeWorld()
        let view = Self.makeView(in: world)

        for value in 1...3 {
            world.run { view.counter.shown = value }
            while world.scheduler.step() {}
        }
        #expect(view.renders == 4)
        #expect(view.label.text == "3")
    }

    /// A change to a property the render did not read costs the view nothing: no render, no hop, no queued job.
    @Test func anUnreadPropertyCostsNothing() {
        let world = Self.makeWorld()
        let view = Self.makeView(in: world)

        world.run { view.counter.unread = 42 }
        #expect(world.scheduler.isIdle)
        #expect(view.renders == 1)
        #expect(world.tracer.drain().hops.isEmpty)
    }

    /// Setting a property to the value it has notifies nobody (the macro compares `Equatable` values).
    @Test func anEqualValueNotifiesNobody() {
        let world = Self.makeWorld()
        let view = Self.makeView(in: world)

        world.run { view.counter.shown = 0 }
        #expect(world.scheduler.isIdle)
        #expect(view.renders == 1)
    }

    /// A view that goes while its model lives on is not kept alive; its last tracking fires once, for nobody (a dropped hop), then never again.
    @Test func aReleasedViewIsToldOnceThenForgotten() {
        let world = Self.makeWorld()
        let counter = Counter()
        var view: CounterView? = Self.makeView(in: world, counter: counter)
        weak let gone = view
        view = nil
        #expect(gone == nil)

        world.run { counter.shown = 1 }
        while world.scheduler.step() {}
        world.run { counter.shown = 2 }
        while world.scheduler.step() {}
        let hops = world.tracer.drain().hops
        #expect(hops.map(\.delivery) == [.dropped])
        #expect(hops.map(\.message) == ["render()"])
    }

    /// A rename (the list's edit gesture) re-renders the content, which read the orders, and not the container, which read only loading and error.
    @Test func theContainerIsNotReRenderedForTheList() throws {
        let app = TestApp(backend: ObservationBackend())
        try app.perform(.orders(.load))
        app.drain()
        _ = app.world.tracer.drain()

        try app.perform(.orders(.rename(row: 2, name: "Gift")))
        app.drain()
        let hops = app.world.tracer.drain().hops
        #expect(hops.map(\.from) == ["user", "OrdersViewModel"])
        #expect(hops.map(\.to) == ["list", "OrdersContentView"])
        #expect(hops.last?.message == "render(): list")
        #expect(app.rows()?[2] == "Gift #2")
    }

    /// A load re-renders the container when loading starts, then each view once when the orders arrive, in one pass: the container (made first), then the content.
    @Test func aLoadIsThreeRenders() throws {
        let app = TestApp(backend: ObservationBackend())
        try app.perform(.orders(.load))
        app.drain()
        let renders = app.world.tracer.drain().hops.filter { $0.delivery == .queued }
        #expect(
            renders.map(\.to) == [
                "ContainerView<OrdersContentView>", "ContainerView<OrdersContentView>", "OrdersContentView",
            ])
        #expect(renders.map(\.message) == ["render(): spinner", "render(): spinner", "render(): title, list"])
        #expect(renders[1].turn == renders[2].turn)
    }

    /// A search sets the items, the page info, the loading kind and the query in one turn: each view re-renders once for all of them.
    @Test func aSearchIsOneRenderPerView() throws {
        let app = TestApp(backend: ObservationBackend())
        try app.perform(.movies(.search("star wars")))
        let renders = app.world.tracer.drain().hops.filter { $0.delivery == .queued }
        #expect(renders.map(\.to) == ["ContainerView<MoviesListView>", "MoviesListView"])
        app.drain()
        let answered = app.world.tracer.drain().hops.filter { $0.delivery == .queued }
        #expect(answered.map(\.to) == ["ContainerView<MoviesListView>", "MoviesListView"])
        #expect(app.rows()?.first == "Star Wars")
    }

    /// The same failure twice shows the alert twice: a load clears the last error.
    @Test func theSameErrorTwiceIsShownTwice() throws {
        let app = TestApp(backend: ObservationBackend())
        app.orders.failures = [.notConnected, .notConnected]
        try app.perform(.orders(.load))
        app.drain()
        #expect(app.lines.contains("No internet connection        [OK]"))
        try app.perform(.orders(.load))
        #expect(!app.lines.contains("No internet connection        [OK]"))
        app.drain()
        #expect(app.lines.contains("No internet connection        [OK]"))
    }

    /// In the experiments' hands, a recommended view goes when dropped and its last tracking is gone after the next change; a view whose `onChange` holds it strongly stays, in a cycle through the view model's registrar.
    @Test func theNaiveCaptureKeepsTheViewAlive() throws {
        let world = Self.makeWorld()
        let subject = try world.run { () throws(ProbeRefusal) in try ObservationBackend().makeProbeSubject(in: world) }
        world.addRoot(subject)
        func attach(_ wiring: ProbeWiring) throws -> (any Screen)? {
            let view = try world.run { () throws(ProbeRefusal) in try subject.attachView(in: world, wiring: wiring) }
            world.addRoot(view)
            return view
        }
        var recommended = try attach(.recommended)
        var naive = try attach(.strongSelf)
        while world.scheduler.step() {}
        #expect(subject.registrations == 2)
        #expect(world.census.live("OrdersContentView") == 2)
        #expect(recommended != nil && naive != nil)
        recommended = nil
        naive = nil
        #expect(world.census.live("OrdersContentView") == 1)

        try world.run { () throws(ProbeRefusal) in try subject.change(.rename(row: 0, to: "Gift")) }
        while world.scheduler.step() {}
        #expect(subject.registrations == 1)
        #expect(world.census.live("OrdersContentView") == 1)
    }

    /// The probe's registrations are read from the view model's `ObservationRegistrar` itself: one per tracking registered and not fired yet (a check that Observation's private layout is still where the probe reads it).
    @Test func trackingsAreReadFromTheRegistrar() {
        let counter = Counter()
        #expect(trackings(of: counter) == 0)
        withObservationTracking {
            _ = counter.shown
        } onChange: {
        }
        withObservationTracking {
            _ = counter.shown + counter.unread
        } onChange: {
        }
        #expect(trackings(of: counter) == 2)
        counter.unread = 1
        #expect(trackings(of: counter) == 1)
        counter.shown = 1
        #expect(trackings(of: counter) == 0)
    }

    /// `WidgetChanges` sets only the rows whose element changed when the count is the same, and reloads the list otherwise.
    @Test func widgetChangesSetOnlyWhatDiffers() {
        let world = Self.makeWorld()
        let list = ListWidget(tracer: world.tracer)
        var shown: [String] = []
        var changes = WidgetChanges()
        changes.show(["a", "b"], shown: &shown, in: list) { ListWidget.Row($0) }
        #expect(changes.names == ["list"])
        #expect(shown == ["a", "b"])
        let before = world.tracer.updateCount

        var same = WidgetChanges()
        same.show(["a", "b"], shown: &shown, in: list) { ListWidget.Row($0) }
        #expect(same.names.isEmpty)
        #expect(world.tracer.updateCount == before)

        var one = WidgetChanges()
        one.show(["a", "c"], shown: &shown, in: list) { ListWidget.Row($0) }
        #expect(one.names == ["list"])
        #expect(world.tracer.updateCount == before + 1)
        #expect(list.rows.map(\.text) == ["a", "c"])
    }
    /// Showing an `OrdersList` looks at the rows in view only: a change out of view sets nothing yet is drawn once scrolled to, a change in view or in the count reloads the list once.
    @Test func widgetChangesShowOrdersLooksAtTheRowsInView() {
        let world = Self.makeWorld()
        let list = ListWidget(tracer: world.tracer)
        let shown = ShownOrders<Order>()
        var orders = OrdersList<Order>()
        orders.replace(with: (0..<30).map { Order(id: $0, name: "Order") })
        func show() -> [String] {
            var changes = WidgetChanges()
            changes.show(orders, shown: shown, in: list) { ListWidget.Row($0.displayName) }
            return changes.names
        }
        #expect(show() == ["list"])
        #expect(list.count == 30)
        let before = world.tracer.updateCount

        orders.update(row: 25) { $0.name = "Gift" }
        #expect(show().isEmpty)
        #expect(world.tracer.updateCount == before)
        list.scrollToRow(25)
        #expect(list.row(at: 25).text == "Gift #25")

        orders.update(row: 24) { $0.name = "Box" }
        #expect(show() == ["list"])
        #expect(list.row(at: 24).text == "Box #24")
        orders.remove(row: 0)
        #expect(show() == ["list"])
        #expect(world.tracer.updateCount == before + 2)
        #expect(list.rows.map(\.text) == orders.elements.map(\.displayName))
    }
}
