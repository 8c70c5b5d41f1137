import BindingKit
import Domain
import Testing

@testable import EventEnumBackend

/// What only the `event-enum` backend promises: the article's selling point,
/// an exact sequence of `ViewModelEvent`s per action, and one listener.
@Suite struct EventEnumTests {
    /// Stands in for a view: records every event, in order.
    final class Recorder<Event>: ViewModelListener {
        private(set) var events: [Event] = []
        func handle(event: Event) { events.append(event) }
    }

    typealias OrdersEvent = OrdersViewModel.ViewModelEvent
    typealias MoviesEvent = MoviesListViewModel.ViewModelEvent

    static var twoOrders: OrderRowViewModels {
        var list = OrdersList<Order>()
        list.replace(with: [Order(id: 0, name: "Order"), Order(id: 1, name: "Order")])
        return OrderRowViewModels(list)
    }

    /// A load says title, loading on, then — a second later — the new title, the items and loading off, nothing else.
    @Test func loadSendsTheExactSequence() {
        let app = TestApp(backend: EventEnumBackend())
        app.orders.count = 2
        let viewModel = OrdersViewModel(loadOrders: app.world.useCases.loadOrders)
        let view = Recorder<OrdersEvent>()
        viewModel.listener = view

        viewModel.handle(event: .pullToRefresh)
        #expect(view.events == [.updateTitle("Orders"), .loading(true)])
        app.drain()
        #expect(
            view.events == [
                .updateTitle("Orders"), .loading(true),
                .updateTitle("Orders (2)"), .items(Self.twoOrders), .loading(false),
            ])
    }

    /// A failed load says the error between loading on and loading off, and sends no items.
    @Test func failedLoadSendsTheError() {
        let app = TestApp(backend: EventEnumBackend())
        app.orders.failures = [.notConnected]
        let viewModel = OrdersViewModel(loadOrders: app.world.useCases.loadOrders)
        let view = Recorder<OrdersEvent>()
        viewModel.listener = view

        viewModel.handle(event: .pullToRefresh)
        app.drain()
        #expect(
            view.events == [
                .updateTitle("Orders"), .loading(true), .error("No internet connection"), .loading(false),
            ])
    }

    /// Deleting a row says which row went, then the new count; renaming says which row changed.
    @Test func deleteAndRenameSendOneRowEach() {
        let app = TestApp(backend: EventEnumBackend())
        app.orders.count = 2
        let viewModel = OrdersViewModel(loadOrders: app.world.useCases.loadOrders)
        let view = Recorder<OrdersEvent>()
        viewModel.handle(event: .pullToRefresh)
        app.drain()
        viewModel.listener = view

        viewModel.handle(event: .renameRow(1, name: "Gift"))
        viewModel.handle(event: .deleteRow(0))
        viewModel.handle(event: .deleteRow(5))  // no such row: nothing
        #expect(
            view.events == [
                .updateItem(OrderRowViewModel(order: Order(id: 1, name: "Gift")), at: 1),
                .removeItem(at: 0), .updateTitle("Orders (1)"),
            ])
    }

    /// A search empties the list, turns the full-screen loading on (Load more off) and shows the query, then sends the page.
    @Test func searchSendsTheExactSequence() {
        let app = TestApp(backend: EventEnumBackend())
        let viewModel = MoviesListViewModel(searchMoviesUseCase: app.world.useCases.searchMovies, actions: nil)
        let view = Recorder<MoviesEvent>()
        viewModel.listener = view

        viewModel.handle(event: .didSearch(query: "alien"))
        app.drain()
        let items = [FakeMoviesRepository.alien, FakeMoviesRepository.aliens].map(MoviesListItemViewModel.init)
        #expect(
            view.events == [
                .items([]), .isEmpty(true), .pageInfo(""), .loading(.fullScreen), .canLoadNextPage(false),
                .query("alien"), .items(items), .isEmpty(false), .pageInfo("Page 1 of 1"), .loading(nil),
                .canLoadNextPage(false),
            ])
    }

    /// The view model has one listener slot: a second listener takes it, and the first hears nothing more.
    @Test func aSecondListenerReplacesTheFirst() {
        let app = TestApp(backend: EventEnumBackend())
        let viewModel = OrdersViewModel(loadOrders: app.world.useCases.loadOrders)
        let first = Recorder<OrdersEvent>()
        let second = Recorder<OrdersEvent>()
        viewModel.listener = first
        viewModel.listener = second

        viewModel.handle(event: .pullToRefresh)
        #expect(first.events.isEmpty)
        #expect(second.events == [.updateTitle("Orders"), .loading(true)])
    }

    /// On the screen, the container hears the loading only through the content view, one hop later in the same turn.
    @Test func theContainerIsReachedThroughTheContent() throws {
        let app = TestApp(backend: EventEnumBackend())
        try app.perform(.orders(.load))
        let hops = app.world.tracer.drain().hops
        #expect(
            hops.map { "\($0.from) → \($0.to) \($0.message)" } == [
                "user → list pullToRefresh()",
                "OrdersViewModel → OrdersContentView .updateTitle(\"Orders\")",
                "OrdersViewModel → OrdersContentView .loading(true)",
                "OrdersContentView → ContainerView .loading(true)",
            ])
        #expect(hops.allSatisfy { $0.delivery == .sync })
        #expect(!hops.contains { $0.from == "OrdersViewModel" && $0.to == "ContainerView" })
    }
}
