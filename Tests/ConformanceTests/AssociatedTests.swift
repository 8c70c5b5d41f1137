import BindingKit
import DelegateBackend
import Domain
import Playground
import Testing

@testable import AssociatedBackend

/// What only the `associated` backend promises: the `IHaveViewModel` setter
/// of "Affordable MVVM on hacked extensions" (redraw at once, unsubscribe
/// from the old view model), cells bound through `anyViewModel`, and coarse
/// updates.
@Suite struct AssociatedTests {
    /// A subscriber that stands in for a view the article's way.
    final class View {}

    /// The widget updates the next action makes, read from the tracer.
    static func updates(in app: TestApp, after action: UserAction) throws -> [Tracer.WidgetUpdate] {
        _ = app.world.tracer.drain()
        try app.perform(action)
        app.drain()
        return app.world.tracer.drain().updates
    }

    /// Renaming one order redraws the whole view: the title and the spinner are set again for nothing, where the delegate backend reloads one row.
    @Test func anyChangeRedrawsTheWholeView() throws {
        let backend = AssociatedBackend()
        #expect(backend.traits.contains { if case .coarseUpdates = $0 { true } else { false } })
        let app = TestApp(backend: backend)
        try app.perform(.orders(.load))
        app.drain()

        let updates = try Self.updates(in: app, after: .orders(.rename(row: 2, name: "Gift")))
        #expect(updates.filter { !$0.redundant }.map(\.widget) == ["list"])
        #expect(Set(updates.filter(\.redundant).map(\.widget)) == ["title", "spinner"])

        let delegate = TestApp(backend: DelegateBackend())
        try delegate.perform(.orders(.load))
        delegate.drain()
        let fine = try Self.updates(in: delegate, after: .orders(.rename(row: 2, name: "Gift")))
        #expect(fine.map(\.widget) == ["list"])
        #expect(fine.allSatisfy { !$0.redundant })
    }

    /// Setting a view model calls `viewModelChanged(_:)` at once, before any `changed` or `viewDidLoad`.
    @Test func viewModelChangedIsCalledAtOnce() throws {
        let app = TestApp(backend: AssociatedBackend())
        let view = app.world.run { OrderDetailsVC() }
        #expect(view.title.text == "")
        app.world.run { view.viewModel = OrderDetailsVM(order: Order(id: 3, name: "Order")) }
        #expect(view.title.text == "Order #3")
        #expect(view.outlets.details.text == "Details of Order #3")
        // The host sees it when it is shown: the trace has the draw then.
        app.world.addRoot(view)
        app.world.survey()
        let hop = try #require(app.world.tracer.drain().hops.last)
        #expect(hop.message == "viewModelChanged(_:)")
        #expect(hop.from == "OrderDetailsVM")
        #expect(hop.to == "OrderDetailsVC")
        #expect(hop.delivery == .sync)
    }

    /// A view given a new view model unsubscribes from the old one, whose changes no longer redraw it.
    @Test func settingANewViewModelUnsubscribesFromTheOld() throws {
        let app = TestApp(backend: AssociatedBackend())
        let navigator = Navigator()
        let view = app.world.run { OrdersVC(navigator: navigator) }
        let old = OrdersVM(ordersProvider: app.world.useCases.loadOrders)
        let new = OrdersVM(ordersProvider: app.world.useCases.loadOrders)
        app.world.addRoot(view)
        app.world.addRoot(old)
        view.viewModel = old
        #expect(old.changed.subscriberCount == 1)

        view.viewModel = new
        #expect(old.changed.subscriberCount == 0)
        #expect(new.changed.subscriberCount == 1)
        app.world.survey()  // traced from here on
        _ = app.world.tracer.drain()
        app.orders.count = 3
        app.world.run { old.loadOrders() }
        app.drain()
        #expect(view.title.text == "Orders", "the old view model loaded, but the view no longer listens")
        #expect(!app.world.tracer.drain().hops.contains { $0.to == "OrdersVC" })

        app.world.run { new.loadOrders() }
        app.drain()
        #expect(view.title.text == "Orders (3)")
    }

    /// A cell is handed its view model through the type-erased `anyViewModel`, and ignores one of the wrong type.
    @Test func cellsGetTheirViewModelThroughAnyViewModel() throws {
        let app = TestApp(backend: AssociatedBackend())
        do {
            let order = OrderVM(order: Order(id: 7, name: "Order"))
            let concrete = OrderCell()
            let cell: any IHaveAnyViewModel = concrete
            cell.anyViewModel = order
            #expect(concrete.text == "Order #7")
            #expect(concrete.viewModel === order)
            #expect(cell.anyViewModel as? OrderVM === order)

            cell.anyViewModel = "not an OrderVM"
            #expect(concrete.viewModel == nil)
            #expect(concrete.text == "Order #7", "viewModelChanged is not called for a view model of another type")
        }

        // On the screen, every row asked for goes through one reused cell
        // that way (made when the list first asks for a row).
        try app.perform(.orders(.load))
        app.drain()
        #expect(app.rows()?.last == "Order #99")
        #expect(app.world.census.live("OrderCell") == 1)
    }

    /// A load makes no `OrderVM`: a draw makes one for each row drawn, the reused cell keeps the last, and a rename shows in the next draw.
    @Test func orderViewModelsAreMadeForTheDrawnRowsOnly() throws {
        let app = TestApp(backend: AssociatedBackend())
        app.orders.count = 5000
        try app.perform(.orders(.load))
        app.drain()
        #expect(app.world.census.live("OrderVM") == 0, "loaded, not drawn yet")

        let rows = app.lines.filter { $0.contains("Order #") }
        #expect(rows.count == ListWidget.visibleRows)
        #expect(rows.last?.hasSuffix("Order #9") == true)
        #expect(app.world.census.live("OrderVM") == 1, "the cell keeps the one it was given last")

        try app.perform(.orders(.rename(row: 4, name: "Gift")))
        app.drain()
        #expect(app.lines.contains { $0.hasSuffix("4  Gift #4") })
        #expect(app.world.census.live("OrderVM") == 1)
        #expect(app.title == "Orders (5000)")
    }

    /// The container and the content are two subscribers of one view model's `changed`.
    @Test func containerAndContentBothListen() throws {
        let app = TestApp(backend: AssociatedBackend())
        try app.perform(.orders(.load))
        let container = try #require(app.device.visibleScreen as? ContainerView)
        let viewModel = try #require(container.viewModel)
        #expect(viewModel.changed.subscriberCount == 2)
        _ = app.world.tracer.drain()
        app.drain()
        let receivers = app.world.tracer.drain().hops.filter { $0.message == "viewModelChanged(_:)" }.map(\.to)
        #expect(receivers == ["OrdersVC", "ContainerView"])
    }

    /// A dismissed alert stays dismissed when the view model changes again: the error is shown for one `changed` only.
    @Test func aDismissedAlertDoesNotComeBack() throws {
        let app = TestApp(backend: AssociatedBackend())
        app.orders.failures = [.notConnected]
        try app.perform(.orders(.load))
        app.drain()
        let alert = try #require(app.alert)
        alert.dismiss()
        let container = try #require(app.device.visibleScreen as? ContainerView)
        container.viewModel?.changed.raise()
        #expect(app.alert == nil)
    }

    /// The article's handler, which captures the view model in its own `changed`, would keep it alive after the view; the backend's does not.
    @Test func theArticlesCaptureWouldLeakTheViewModel() {
        let app = TestApp(backend: AssociatedBackend())
        weak var leaked: OrdersVM?
        do {
            let viewModel = OrdersVM(ordersProvider: app.world.useCases.loadOrders)
            let view = View()
            viewModel.changed.subscribe(view) { _ in _ = viewModel }  // the article's capture
            leaked = viewModel
        }
        #expect(leaked != nil)
        if let leaked { removeAssociatedObjects(leaked) }  // breaks the cycle for the rest of the run
        #expect(leaked == nil)

        weak var released: OrdersVM?
        do {
            let view = OrdersVC(navigator: Navigator())
            let viewModel = OrdersVM(ordersProvider: app.world.useCases.loadOrders)
            view.viewModel = viewModel
            released = viewModel
        }
        #expect(released == nil)
    }
}
