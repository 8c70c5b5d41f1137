import BindingKit
import Domain
import Playground
import Testing

@testable import OutputBackend

/// What only the `output` backend promises, and the consequences of the QIWI
/// article's `Output` the playground is meant to show: delivery a main-queue
/// turn later, every bound view hears everything, handlers are never removed,
/// no replay.
@Suite struct OutputTests {
    /// A view model that counts its starts and answers each ping with a pong.
    final class PingViewModel: ViewModel {
        enum ViewEvent { case ping }
        enum ViewModelEvent: Equatable { case pong(Int) }

        let output = Output<ViewModelEvent>()
        private(set) var starts = 0
        private var pongs = 0

        func start() { starts += 1 }

        func handle(event: ViewEvent) {
            pongs += 1
            output.send(.pong(pongs))
        }
    }

    /// A view that records what it is told.
    final class RecordingView: AssociatedObjectsHost, View {
        let output = Output<PingViewModel.ViewEvent>()
        private(set) var received: [PingViewModel.ViewModelEvent] = []

        func handle(event: PingViewModel.ViewModelEvent) { received.append(event) }
    }

    /// A world of its own, clock at zero.
    static func makeWorld() -> Sandbox { TestApp(backend: OutputBackend()).world }

    /// `view.bind(with: viewModel)` in `world`, then what the host's decoration
    /// does for the backend's own views (it never meets this test's classes):
    /// the trace learns who is at each end.
    static func bind(_ view: RecordingView, to viewModel: PingViewModel?, in world: Sandbox) {
        world.run {
            view.bind(with: viewModel)
            traceBinding(of: view)
        }
    }

    /// What the view's gesture sends, in `world`.
    static func ping(from view: RecordingView, in world: Sandbox) {
        world.run { view.output.send(.ping) }
    }

    /// A view model's event reaches the view one main-queue turn later, not when it is sent, and is traced as queued.
    @Test func deliveryIsATurnLater() {
        let world = Self.makeWorld()
        let viewModel = PingViewModel()
        let view = RecordingView()
        Self.bind(view, to: viewModel, in: world)
        _ = world.tracer.drain()

        Self.ping(from: view, in: world)
        #expect(view.received.isEmpty)
        let turn = world.scheduler.turn
        #expect(world.scheduler.step())
        #expect(view.received == [.pong(1)])
        #expect(world.scheduler.turn == turn + 1)
        let hops = world.tracer.drain().hops
        #expect(hops.map(\.delivery) == [.sync, .queued])
        #expect(hops.last?.to == "RecordingView")
    }

    /// Two views bound to one view model each get every event, in the order they were bound.
    @Test func twoListenersBothGetEveryEvent() {
        let world = Self.makeWorld()
        let viewModel = PingViewModel()
        let first = RecordingView()
        let second = RecordingView()
        Self.bind(first, to: viewModel, in: world)
        Self.bind(second, to: viewModel, in: world)

        Self.ping(from: first, in: world)
        Self.ping(from: second, in: world)
        while world.scheduler.step() {}
        #expect(first.received == [.pong(1), .pong(2)])
        #expect(second.received == [.pong(1), .pong(2)])
        #expect(viewModel.output.handlers.count == 2)
    }

    /// Binding one view twice appends twice: every event of the view model reaches the view twice, and it is started twice.
    @Test func bindingTwiceDoublesDelivery() {
        let world = Self.makeWorld()
        let viewModel = PingViewModel()
        let view = RecordingView()
        Self.bind(view, to: viewModel, in: world)
        Self.bind(view, to: viewModel, in: world)
        _ = world.tracer.drain()

        Self.ping(from: view, in: world)
        while world.scheduler.step() {}
        #expect(view.received == [.pong(1), .pong(1)])
        #expect(viewModel.output.handlers.count == 2)
        // The view's side has two handlers too, but the second bind replaced the first
        // AnyViewModel on the view, so the first handler's weak wrapper is gone: one ping drops.
        #expect(view.output.handlers.count == 2)
        let pings = world.tracer.drain().hops.filter { $0.from == "RecordingView" }
        #expect(pings.map(\.delivery) == [.dropped, .sync])
        // Each bind wraps the view model in a fresh AnyViewModel, whose start-once guard is its own.
        #expect(viewModel.starts == 2)
    }

    /// `AnyViewModel.start()` starts the view model once, however often it is called, and so does a wrapper of it.
    @Test func anyViewModelStartsOnce() throws {
        let viewModel = PingViewModel()
        let erased = try #require(AnyViewModel(with: viewModel))
        let handedDown = try #require(AnyViewModel(with: erased))
        erased.start()
        erased.start()
        handedDown.start()
        #expect(viewModel.starts == 1)
        #expect(handedDown.vm as AnyObject? === erased)
    }

    /// A container and its content bound through `setupBindings()` share one wrapper, so the screen's view model starts once.
    @Test func theScreenStartsItsViewModelOnce() throws {
        let app = TestApp(backend: OutputBackend())
        try app.perform(.orders(.load))
        // One start, one load: its first title once to each view.
        let titles = app.world.tracer.drain().hops.filter { $0.message == ".updateTitle(\"Orders\")" }
        #expect(titles.map(\.to) == ["ContainerView<OrdersContentView>", "OrdersContentView"])
        app.drain()
        #expect(app.rows()?.count == 100)
    }

    /// On the screen, the container and the content each get every event the view model sends.
    @Test func containerAndContentHearEverything() throws {
        let app = TestApp(backend: OutputBackend())
        try app.perform(.orders(.load))
        app.drain()
        let delivered = app.world.tracer.drain().hops.filter { $0.from == "OrdersViewModel" }
        let toContainer = delivered.filter { $0.to == "ContainerView<OrdersContentView>" }.map(\.message)
        let toContent = delivered.filter { $0.to == "OrdersContentView" }.map(\.message)
        #expect(
            toContent == [
                ".updateTitle(\"Orders\")", ".loading(true)", ".updateTitle(\"Orders (100)\")", ".items(100)",
                ".loading(false)",
            ])
        #expect(toContainer == toContent)
        #expect(delivered.allSatisfy { $0.delivery == .queued })
    }

    /// Nothing sent before `bind` reaches the view: there is no replay.
    @Test func noReplayBeforeBind() {
        let world = Self.makeWorld()
        let viewModel = PingViewModel()
        viewModel.handle(event: .ping)
        let view = RecordingView()
        Self.bind(view, to: viewModel, in: world)
        while world.scheduler.step() {}
        #expect(view.received.isEmpty)

        Self.ping(from: view, in: world)
        while world.scheduler.step() {}
        #expect(view.received == [.pong(2)])
    }

    /// A view released with a delivery queued leaves its handler behind: the delivery is traced as dropped, and the handler stays.
    @Test func aReleasedViewLeavesANoOpHandler() {
        let world = Self.makeWorld()
        let viewModel = PingViewModel()
        var view: RecordingView? = RecordingView()
        Self.bind(view!, to: viewModel, in: world)
        let survivor = RecordingView()
        Self.bind(survivor, to: viewModel, in: world)
        _ = world.tracer.drain()

        Self.ping(from: survivor, in: world)
        view = nil
        while world.scheduler.step() {}
        #expect(viewModel.output.handlers.count == 2)
        #expect(survivor.received == [.pong(1)])
        let deliveries = world.tracer.drain().hops.filter { $0.from == "PingViewModel" }
        #expect(deliveries.map(\.to) == ["nil", "RecordingView"])
        #expect(deliveries.map(\.delivery) == [.dropped, .queued])
    }

    /// The view keeps its view model without a declared property: it lives exactly as long as the view.
    @Test func theViewKeepsItsViewModel() {
        weak var weakViewModel: PingViewModel?
        var view: RecordingView? = RecordingView()
        do {
            let viewModel = PingViewModel()
            weakViewModel = viewModel
            view?.bind(with: viewModel)
        }
        #expect(weakViewModel != nil)
        #expect(view?.viewModel?.vm as AnyObject? === weakViewModel)
        view = nil
        #expect(weakViewModel == nil)
    }

    // MARK: The steps before AnyViewModel (output-manual, output-bind)

    /// The final form's hop is the run loop's: a delivery queued by `RunLoop.main.perform(inModes: [.default])` runs on the next turn, in order with the main queue's work.
    @Test func theRunLoopsBlocksRunOnTheMainQueuesTurns() {
        let world = Self.makeWorld()
        var ran: [String] = []
        world.run {
            RunLoop.main.perform(inModes: [.default]) { ran.append("run loop 1") }
            DispatchQueue.main.async { ran.append("main queue") }
            RunLoop.main.perform { ran.append("run loop 2") }
        }
        #expect(ran.isEmpty)
        let turn = world.scheduler.turn
        while world.scheduler.step() {}
        #expect(ran == ["run loop 1", "main queue", "run loop 2"])
        #expect(world.scheduler.turn == turn + 3)
    }

    /// `bind(unerased:)` keeps nothing: the view model lives only as long as someone else keeps it.
    @Test func theUnerasedBindKeepsNothing() {
        weak var weakViewModel: PingViewModel?
        let view = RecordingView()
        let world = Self.makeWorld()
        world.run {
            let viewModel = PingViewModel()
            weakViewModel = viewModel
            view.bind(unerased: viewModel)
        }
        #expect(weakViewModel == nil)
        #expect(view.viewModel == nil)
    }

    /// Without `AnyViewModel`'s guard, a container that hands its view model down starts it twice: the screen loads twice (the first load called off), where the final form's loads once.
    @Test func theUnerasedContainerStartsItsViewModelTwice() throws {
        let app = TestApp(backend: OutputBackend(.unerasedBind))
        try app.perform(.orders(.load))
        let titles = app.world.tracer.drain().hops.filter { $0.message == ".updateTitle(\"Orders\")" }
        #expect(
            titles.map(\.to) == [
                "ContainerView<OrdersContentView, OrdersViewModel>", "OrdersContentView",
                "ContainerView<OrdersContentView, OrdersViewModel>", "OrdersContentView",
            ])
        app.drain()
        #expect(app.rows()?.count == 100)
        #expect(try TestApp(backend: OutputBackend(.unerasedBind)).loadsOnOpening() == 2)
        #expect(try TestApp(backend: OutputBackend()).loadsOnOpening() == 1)
    }

    /// The manual step's hand-written appends do what `bind(with:)` does: two views, one handler each way, one start.
    @Test func theManualWiringStartsOnceAndAppendsTwoHandlersAView() throws {
        let app = TestApp(backend: OutputBackend(.manual))
        try app.perform(.orders(.load))
        app.drain()
        #expect(try TestApp(backend: OutputBackend(.manual)).loadsOnOpening() == 1)
        let container = try #require(
            app.device.visibleScreen
                as? BeforeAnyViewModel.ContainerView<BeforeAnyViewModel.OrdersContentView, OrdersViewModel>)
        #expect(container.concreteViewModel.output.handlers.count == 2)
        #expect(container.output.handlers.count == 1 && container.content.output.handlers.count == 1)
        #expect(app.rows()?.count == 100)
    }
}

extension TestApp {
    /// How many loads opening the orders starts: the `.loading(true)` its content hears.
    fileprivate func loadsOnOpening() throws -> Int {
        try perform(.orders(.load))
        drain()
        return world.tracer.drain().hops.filter { $0.message == ".loading(true)" && $0.to == "OrdersContentView" }.count
    }
}
