import BindingKit
import Domain
import Foundation
import Playground
import Testing

@testable import EventBackend
@testable import Shell

/// What only the `event` backend promises: the `Weak<T>` of "Affordable MVVM
/// on hacked extensions", its `Event<Args>` with a dictionary of handlers,
/// and the `@Observable` wrapper — and that the dictionary's unspecified
/// order never makes a trace flaky.
@Suite struct EventTests {
    /// A subscriber that stands in for a view.
    final class View {
        var heard: [Int] = []
    }

    /// A view model with two observable properties, the article's way.
    final class ViewModel {
        @Observable var count = 0
        @Observable var name = ""
    }

    // MARK: Weak

    /// A `Weak` does not keep its object, and knows when it is gone.
    @Test func weakHoldsNothing() {
        var view: View? = View()
        let weak = Weak(view)
        #expect(weak.isAlive)
        #expect(weak.value === view)
        view = nil
        #expect(!weak.isAlive)
        #expect(weak.value == nil)
    }

    /// Two `Weak`s of one object are one key, by the identifier taken at init, even after the object dies.
    @Test func weakIsHashableByIdentity() {
        var view: View? = View()
        let first = Weak<AnyObject>(view)
        let second = Weak<AnyObject>(view)
        let other = Weak<AnyObject>(View())
        #expect(first == second)
        #expect(first.hashValue == second.hashValue)
        #expect(first != other)
        var table = [first: "view"]
        view = nil
        #expect(table[second] == "view")
        table[second] = nil
        #expect(table.isEmpty)
    }

    // MARK: Event

    /// Subscribing delivers nothing; a raise then reaches every live subscriber, handed to its handler alive.
    @Test func raiseReachesSubscribersAndSubscribingReplaysNothing() {
        let event = Event<Int>()
        let views = [View(), View(), View()]
        for view in views {
            event.subscribe(view) { this, value in this.heard.append(value) }
        }
        #expect(views.allSatisfy { $0.heard.isEmpty })
        event.raise(7)
        #expect(views.map(\.heard) == [[7], [7], [7]])
    }

    /// Subscribing again replaces the subscriber's handler: one subscriber, one handler.
    @Test func subscribingAgainReplacesTheHandler() {
        let event = Event<Int>()
        let view = View()
        event.subscribe(view) { this, value in this.heard.append(value) }
        event.subscribe(view) { this, value in this.heard.append(value * 10) }
        event.raise(2)
        #expect(view.heard == [20])
        #expect(event.entryCount == 1)
    }

    /// After `unsubscribe`, a raise no longer reaches the subscriber; the others still hear it.
    @Test func unsubscribeRemovesOneSubscriber() {
        let event = Event<Int>()
        let (gone, kept) = (View(), View())
        event.subscribe(gone) { this, value in this.heard.append(value) }
        event.subscribe(kept) { this, value in this.heard.append(value) }
        event.unsubscribe(gone)
        event.raise(1)
        #expect(gone.heard.isEmpty)
        #expect(kept.heard == [1])
    }

    /// A dead subscriber is skipped by a raise but stays in the dictionary; the next subscribe drops it.
    @Test func deadEntriesAreSkippedOnRaiseAndDroppedOnSubscribe() {
        let event = Event<Int>()
        let kept = View()
        var calls = 0
        do {
            let dying = View()
            event.subscribe(dying) { _, _ in calls += 1 }
        }
        event.subscribe(kept) { this, value in this.heard.append(value) }
        // The second subscribe swept the first entry already: make a dead one after it.
        do {
            let dying = View()
            event.subscribe(dying) { _, _ in calls += 1 }
        }
        #expect(event.entryCount == 2)
        event.raise(1)
        event.raise(2)
        #expect(calls == 0)
        #expect(kept.heard == [1, 2])
        #expect(event.entryCount == 2, "a raise removes nothing")
        event.subscribe(kept) { this, value in this.heard.append(value) }
        #expect(event.entryCount == 1, "subscribe sweeps the dead entry out")
    }

    /// A raise runs on a snapshot: a subscriber added by a handler hears the next raise, and one removed by a handler still hears this one.
    @Test func raiseIteratesASnapshot() {
        let event = Event<Int>()
        let (first, second, late) = (View(), View(), View())
        for view in [first, second] {
            event.subscribe(view) { this, value in
                this.heard.append(value)
                guard value == 1 else { return }
                event.subscribe(late) { this, value in this.heard.append(value) }
                event.unsubscribe(this === first ? second : first)
            }
        }
        event.raise(1)
        #expect(late.heard.isEmpty)
        #expect(first.heard == [1] && second.heard == [1])
        event.raise(2)
        #expect(late.heard == [2])
        // Whichever ran first unsubscribed the other, which still ran (the
        // snapshot) and unsubscribed the first in turn: neither hears 2.
        #expect(first.heard == [1] && second.heard == [1])
    }

    /// A subscriber let go by an earlier handler of the same raise is not kept alive for its turn: exactly one of two that release each other runs, and the trace shows the other dropped.
    @Test func aSubscriberReleasedDuringARaiseIsSkipped() {
        let event = Event<Int>()
        let tracer = Tracer(clock: VirtualScheduler())
        event.trace = EventTrace(tracer: tracer, name: "$x", source: ViewModel.self)
        var views: [View?] = [View(), View()]
        var calls = 0
        for index in 0..<2 {
            guard let view = views[index] else { continue }
            event.subscribe(view) { _, _ in
                calls += 1
                views[1 - index] = nil
            }
        }
        event.raise(1)
        #expect(calls == 1)
        #expect(tracer.drain().hops.map(\.to).sorted() == ["View", "nil"])
    }

    /// `Event<Void>` subscribes and raises without arguments.
    @Test func voidEventsNeedNoArguments() {
        let event = Event<Void>()
        let view = View()
        event.subscribe(view) { this in this.heard.append(0) }
        event.raise()
        event.raise()
        #expect(view.heard == [0, 0])
    }

    /// The handlers run in the dictionary's order, which is not the order of subscription and changes from one event to the next.
    @Test func deliveryOrderIsTheDictionarysAndVaries() {
        var firstHeard: [Int: Int] = [:]
        var kept: [(Event<Int>, [View])] = []  // alive, so that no address is reused
        for _ in 0..<200 {
            let event = Event<Int>()
            let views = (0..<3).map { _ in View() }
            var order: [Int] = []
            for (index, view) in views.enumerated() {
                event.subscribe(view) { _, _ in order.append(index) }
            }
            event.raise(0)
            #expect(order.count == 3)
            firstHeard[order[0], default: 0] += 1
            kept.append((event, views))
        }
        #expect(firstHeard.count > 1, "200 events delivered to the same subscriber first: \(firstHeard)")
        #expect(firstHeard[0, default: 0] < 200, "subscription order every time")
    }

    // MARK: @Observable

    /// Every set raises the property's event with the new value, equal values too, and only that property's.
    @Test func observableRaisesOnEverySetPerProperty() {
        let viewModel = ViewModel()
        let view = View()
        var names: [String] = []
        viewModel.$count.subscribe(view) { this, count in this.heard.append(count) }
        viewModel.$name.subscribe(view) { _, name in names.append(name) }
        viewModel.count = 1
        viewModel.count = 1
        viewModel.count += 1
        #expect(view.heard == [1, 1, 2])
        #expect(names.isEmpty)
        viewModel.name = "x"
        #expect(names == ["x"])
        #expect(view.heard == [1, 1, 2])
    }

    /// A handler may read its property back through the view model and subscribe to it while it is raised: the wrapper raises after the write, where the article's `didSet` would stop the program (a simultaneous access).
    @Test func aHandlerMayReadAndSubscribeDuringTheRaise() {
        let viewModel = ViewModel()
        let (view, late) = (View(), View())
        viewModel.$count.subscribe(view) { this, _ in
            this.heard.append(viewModel.count)
            viewModel.$count.subscribe(late) { this, count in this.heard.append(count) }
        }
        viewModel.count = 3
        viewModel.count += 1
        #expect(view.heard == [3, 4])
        #expect(late.heard == [4])
    }

    /// Outside a class (here a local) the wrapper is the article's: every set raises `$value` with the new value.
    @Test func aLocalObservableRaisesOnEverySet() {
        @Observable var value = 0
        let view = View()
        $value.subscribe(view) { this, value in this.heard.append(value) }
        value = 5
        value = 5
        #expect(view.heard == [5, 5])
    }

    // MARK: The screens

    /// On the movies screen `$loading` has two subscribers, the list and the container: the trace marks them unordered and lists them sorted.
    @Test func aRaiseToTwoViewsIsTracedUnorderedAndSorted() throws {
        let app = TestApp(backend: EventBackend())
        try app.perform(.movies(.search("star wars")))
        let loading = app.world.tracer.drain().hops.filter { $0.message == "$loading" }
        #expect(loading.map(\.to) == ["ContainerView", "MoviesListView"])
        #expect(loading.allSatisfy { $0.unordered })
        // The real order is kept, whichever it was.
        #expect(Set(loading.map(\.sequence)).count == 2)
    }

    /// A raise that reaches one view is an ordinary hop, not marked.
    @Test func aRaiseToOneViewIsNotMarked() throws {
        let app = TestApp(backend: EventBackend())
        try app.perform(.orders(.load))
        app.drain()
        let hops = app.world.tracer.drain().hops
        #expect(hops.map(\.message).contains("$orders"))
        #expect(!hops.contains { $0.unordered })
    }

    /// The event backend's session, run 100 times, each on fresh worlds, prints the same every time (and the shipped-sessions test checks that it prints what the file says).
    @Test func theSessionReadsTheSameEveryRun() throws {
        var path = #filePath
        for _ in 0..<3 { path = SessionFiles.folder(of: path) ?? "." }
        let name = "Sessions/backend-event.session"
        let session = try Session.load(path + "/" + name, name: name)
        let backend = try #require(BackendRegistry.backend("event"))
        let first = SessionRunner.outputs(of: session, on: [backend])
        #expect(first.joined().contains { $0.contains("(unordered)") }, "the session shows an unordered round")
        var differing = 0
        for _ in 1..<100 where SessionRunner.outputs(of: session, on: [backend]) != first {
            differing += 1
        }
        #expect(differing == 0)
    }

    /// A thousand orders loaded and drawn leave no `OrderVM` alive: one is made for each row the list draws, and goes.
    @Test func rowViewModelsAreMadeForTheRowsDrawn() throws {
        let app = TestApp(backend: EventBackend())
        app.orders.count = 1_000
        try app.perform(.orders(.load))
        app.drain()
        #expect(app.lines.contains("  0  Order #0"))
        #expect(app.rows()?.count == 1_000)
        #expect(app.world.census.live("OrderVM") == 0)
        try app.perform(.orders(.rename(row: 999, name: "Gift")))
        #expect(app.lines.contains("999  Gift #999"))
        #expect(app.world.census.live("OrderVM") == 0)
    }

    // MARK: The experiments' subject

    /// Binding a view again replaces its handlers: no entry more, one delivery per change.
    @Test func bindingAgainReplacesInsteadOfDoubling() throws {
        let app = TestApp(backend: EventBackend())
        let subject = try EventBackend().makeProbeSubject(in: app.world)
        let view = try subject.attachView(in: app.world, wiring: .recommended)
        app.drain()
        let before = subject.registrations
        try subject.bindAgain(view)
        #expect(subject.registrations == before)
        _ = app.world.tracer.drain()
        try subject.change(.rename(row: 1, to: "Gift"))
        #expect(app.world.tracer.drain().hops.filter { $0.message == "$orders" }.count == 1)
    }

    /// A view gone leaves its entries behind until the next subscribe; its handlers are never run, even `unowned` ones.
    @Test func aGoneViewLeavesEntriesThatNeverRun() throws {
        let app = TestApp(backend: EventBackend())
        let subject = try EventBackend().makeProbeSubject(in: app.world)
        var view: (any Screen)? = try subject.attachView(in: app.world, wiring: .unownedSelf)
        app.drain()
        let registrations = subject.registrations
        view = nil
        #expect(view == nil && app.world.census.live("OrdersVC") == 0)
        #expect(subject.registrations == registrations)
        _ = app.world.tracer.drain()
        try subject.change(.rename(row: 1, to: "Gift"))  // would crash if an unowned handler ran
        let hops = app.world.tracer.drain().hops.filter { $0.message == "$orders" }
        #expect(hops.map(\.delivery) == [.dropped])
        _ = try subject.attachView(in: app.world, wiring: .recommended)
        #expect(subject.registrations == registrations, "the new view's subscribe swept the dead entries out")
    }

    /// A handler that uses the view instead of `this` keeps it alive: the view model's event holds it.
    @Test func aStrongCaptureOfTheViewKeepsItAlive() throws {
        let app = TestApp(backend: EventBackend())
        var subject: (any ProbeSubject)? = try EventBackend().makeProbeSubject(in: app.world)
        if let subject { app.world.addRoot(subject) }  // the census walks from it
        _ = try subject?.attachView(in: app.world, wiring: .strongSelf)
        _ = try subject?.attachView(in: app.world, wiring: .recommended)
        app.drain()
        #expect(app.world.census.live("OrdersVC") == 1)
        subject = nil
        #expect(app.world.census.live("OrdersVC") == 1)
        #expect(app.world.census.live("OrdersVM") == 1, "view and view model hold each other")
    }
}
