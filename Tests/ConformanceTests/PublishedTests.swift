import Playground
import Testing

@testable import BindingKit
@testable import PublishedBackend

/// What only the `published` backend promises: the rules of Combine and
/// SwiftUI it models (a change is announced before it is stored, invalidates
/// the whole view, is drawn a turn later once for several changes, whatever
/// the view read) and the SwiftUI container article's own code: a container
/// that keeps a model of its own, reached as its content's model's listener,
/// through a copy of itself that closes a cycle.
@Suite struct PublishedTests {
    /// A model with one property a view reads and one it does not.
    final class Counter: ObservableObject {
        @Published var shown = 0
        @Published var unread = 0
    }

    /// A view that shows `counter.shown` and counts its bodies.
    struct CounterView: View, WidgetLayout {
        @ObservedObject var counter: Counter
        let label = Label(name: "label")
        let bodies: BodyCount

        var widgets: [any Widget] { [label] }

        var body: some View {
            bodies.count += 1
            return Text("\(counter.shown)", in: label)
        }
    }

    final class BodyCount {
        var count = 0
    }

    /// A subscriber that reads the counter when it is told, as Apple's
    /// `ObservableObject` example does ("24 will change").
    final class Reader: Subscriber {
        let counter: Counter
        private(set) var read: [Int] = []

        init(counter: Counter) {
            self.counter = counter
        }

        func receive() { read.append(counter.shown) }
    }

    /// A world of its own, clock at zero, and a shown counter view in it.
    static func makeView(counter: Counter = Counter()) -> (Sandbox, HostingController<CounterView>, BodyCount) {
        let world = TestApp(backend: PublishedBackend()).world
        let bodies = BodyCount()
        let host = world.run { HostingController(rootView: CounterView(counter: counter, bodies: bodies)) }
        world.addRoot(host)
        world.run {
            watch(counter, in: world)  // not the backend's class: the census does not hand it to `decorate`
            world.willShow(host)
            host.viewDidLoad()
        }
        _ = world.tracer.drain()
        return (world, host, bodies)
    }

    /// `objectWillChange` is sent in `willSet`: a subscriber that reads the property then reads its old value, and every set is sent, equal values too.
    @Test func objectWillChangeComesBeforeTheValue() {
        let counter = Counter()
        let reader = Reader(counter: counter)
        let subscription = counter.objectWillChange.subscribe(reader)
        counter.shown = 24
        counter.shown = 25
        counter.shown = 25
        #expect(reader.read == [0, 24, 25])
        #expect(counter.shown == 25)
        subscription.cancel()
        counter.shown = 26
        #expect(reader.read.count == 3)
    }

    /// Several changes in one turn invalidate the view once: its body is evaluated again a main-queue turn later, reading the last value, and the re-render is one queued hop naming what the body set.
    @Test func severalChangesAreOneBodyATurnLater() {
        let (world, host, bodies) = Self.makeView()
        #expect(bodies.count == 1)
        world.run {
            host.rootView.counter.shown = 1
            host.rootView.counter.shown = 2
            host.rootView.counter.shown = 3
        }
        #expect(bodies.count == 1)
        #expect(host.rootView.label.text == "0")
        #expect(world.scheduler.step())
        #expect(!world.scheduler.step())
        #expect(bodies.count == 2)
        #expect(host.rootView.label.text == "3")
        let hops = world.tracer.drain().hops
        #expect(
            hops.map(\.message) == [
                "objectWillChange (shown still 0)", "objectWillChange (shown still 1)",
                "objectWillChange (shown still 2)", "render(): label",
            ])
        #expect(hops.map(\.delivery) == [.sync, .sync, .sync, .queued])
        #expect(hops.last?.from == "Counter" && hops.last?.to == "CounterView")
    }

    /// A change to a property the body never read invalidates the view all the same: its body runs and sets its widget again, to what it shows (a redundant set).
    @Test func anUnreadPropertyRedrawsTheView() {
        let (world, host, bodies) = Self.makeView()
        let (updates, redundant) = (world.tracer.updateCount, world.tracer.redundantUpdateCount)
        world.run { host.rootView.counter.unread = 42 }
        while world.scheduler.step() {}
        #expect(bodies.count == 2)
        #expect(world.tracer.updateCount - updates == 2)
        #expect(world.tracer.redundantUpdateCount - redundant == 2)
    }

    /// Once the host goes, its subscription goes with it: the object's changes reach nobody and queue nothing.
    @Test func aGoneHostIsUnsubscribed() {
        let counter = Counter()
        var (world, host, _) = Self.makeView(counter: counter)
        #expect(counter.objectWillChange.subscribers.count == 1)
        weak let gone = host
        host = HostingController(rootView: CounterView(counter: Counter(), bodies: BodyCount()))
        #expect(gone == nil)
        #expect(counter.objectWillChange.subscribers.isEmpty)
        world.run { counter.shown = 1 }
        #expect(world.scheduler.isIdle)
        withExtendedLifetime(host) {}
    }

    /// A rename invalidates the content, whole (its title is set again, to what it shows), and not the container, which does not observe the content's model.
    @Test func aRenameRedrawsTheWholeContentAndNotTheContainer() throws {
        let app = TestApp(backend: PublishedBackend())
        try app.perform(.orders(.load))
        app.drain()
        _ = app.world.tracer.drain()

        try app.perform(.orders(.rename(row: 2, name: "Gift")))
        app.drain()
        let (hops, updates) = app.world.tracer.drain()
        #expect(
            hops.map(\.message) == [
                "edit(2, \"Gift\")", "objectWillChange (rows still 100 rows)", "render(): title, list",
            ])
        #expect(hops.map(\.to) == ["list", "OrdersContentView", "OrdersContentView"])
        #expect(updates == [.init(widget: "title", redundant: true), .init(widget: "list", redundant: false)])
        #expect(app.rows()?[2] == "Gift #2")
    }

    /// The content's model reaches the container only through its listener: a load is `showLoading()`, the container model's own change, and the container drawn again.
    @Test func theContainerHearsThroughItsListener() throws {
        let app = TestApp(backend: PublishedBackend())
        try app.perform(.orders(.load))
        let hops = app.world.tracer.drain().hops
        #expect(
            hops.map(\.message) == [
                "showLoading()", "objectWillChange (isLoading still false)", "render(): spinner",
            ])
        #expect(hops.map(\.from) == ["OrdersViewModel", "ContainerModel", "ContainerModel"])
        #expect(Set(hops.map(\.to)) == ["ContainerView<OrdersContentView>"])
        #expect(app.lines == ["⟳ Loading…"])
    }

    /// The alert's OK sets the binding false and calls `errorShown()`: three changes of the container's model, one body.
    @Test func theAlertsOKCallsErrorShown() throws {
        let app = TestApp(backend: PublishedBackend())
        app.orders.failures = [.notConnected]
        try app.perform(.orders(.load))
        app.drain()
        #expect(app.alert?.message == "No internet connection")
        _ = app.world.tracer.drain()

        try app.world.run { try #require(app.alert).dismiss() }
        app.drain()
        let hops = app.world.tracer.drain().hops
        #expect(
            hops.map(\.message) == [
                "dismiss()", "objectWillChange (hasError still true)", "objectWillChange (hasError still false)",
                "objectWillChange (errorText still \"No internet connection\")", "render(): nothing",
            ])
        #expect(app.alert == nil)
    }

    /// `@ObservedObject` does not own its object: the container made again (a parent's body making it anew) makes a new `ContainerModel`, and forgets that it was loading.
    @Test func aContainerMadeAgainHasANewModel() throws {
        let world = TestApp(backend: PublishedBackend()).world
        let subject = try PublishedBackend().makeProbeSubject(in: world)
        let screen = try world.run { () throws(ProbeRefusal) in
            try subject.attachView(in: world, wiring: .recommended)
        }
        world.scheduler.advance(by: 0)
        #expect(screen.widget(Spinner.self)?.isAnimating == true)
        try world.run { () throws(ProbeRefusal) in try subject.bindAgain(screen) }
        #expect(screen.widget(Spinner.self)?.isAnimating == false)
        while world.scheduler.step() {}
        #expect(screen.widget(ListWidget.self)?.count == 100)
    }

    /// The article's own container keeps its content's module alive once everything is let go (model → listener copy → content → model); the shipped one lets go of its listener when it leaves the screen.
    @Test func theArticlesContainerKeepsACycle() throws {
        func alive(_ wiring: ProbeWiring) throws -> [String] {
            let world = TestApp(backend: PublishedBackend()).world
            var subject: (any ProbeSubject)? = try PublishedBackend().makeProbeSubject(in: world)
            var screen: (any Screen)? = try world.run { () throws(ProbeRefusal) in
                try subject?.attachView(in: world, wiring: wiring)
            }
            world.addRoot(try #require(screen))
            while world.scheduler.step() {}
            world.survey()
            screen = nil
            subject = nil
            while world.scheduler.step() {}
            return world.census.census.filter { $0.live > 0 }.map(\.name)
        }
        #expect(try alive(.recommended).isEmpty)
        #expect(
            try alive(.article) == [
                "ContainerModel", "OrdersInteractor", "OrdersPresenter", "OrdersRouter", "ProbeOrdersViewModel",
            ])
    }

    /// The movies list is drawn whole: a search's several changes are one body of the list, which sets every widget it describes.
    @Test func aSearchIsOneBodyOfTheList() throws {
        let app = TestApp(backend: PublishedBackend())
        try app.perform(.movies(.search("star wars")))
        let renders = app.world.tracer.drain().hops.filter { $0.delivery == .queued }
        #expect(renders.map(\.to) == ["ContainerView<MoviesListView>", "MoviesListView"])
        #expect(renders.last?.message == "render(): title, search, list, empty, page")
        app.drain()
        #expect(app.rows()?.first == "Star Wars")
    }
}
