import BindingKit

/// Seed 001's `OrdersVC`: a title and a list, each bound to one property of
/// its view model, the article's way:
/// `viewModel.$orders.subscribe(self) { this, orders in this.update(with: orders) }`.
final class OrdersVC: Screen {
    let title: Label
    let list: ListWidget
    private var viewModel: OrdersVM
    private let world: World
    private weak var navigator: Navigator?

    init(viewModel: OrdersVM, world: World, navigator: Navigator) {
        self.viewModel = viewModel
        self.world = world
        self.navigator = navigator
        self.title = Label("Orders", name: "title", tracer: world.tracer)
        self.list = ListWidget(tracer: world.tracer)
    }

    var widgets: [any Widget] { [list] }

    func viewDidLoad() {
        bind(to: viewModel)
        list.onRefresh = { [weak self] in
            self?.send("loadOrders()") { $0.loadOrders() }
        }
        list.onSelect = { [weak self] index in
            self?.showDetails(at: index)
        }
        list.onEdit = { [weak self] index, name in
            self?.send("renameOrder(at: \(index), to:)") { $0.renameOrder(at: index, to: name) }
        }
        list.onDelete = { [weak self] index in
            self?.send("removeOrder(at: \(index))") { $0.removeOrder(at: index) }
        }
        // Subscribing delivers nothing: the first values arrive with the load.
        send("loadOrders()") { $0.loadOrders() }
    }

    /// The article's subscriptions, one per property the view draws. No
    /// `[weak self]`: each handler gets the live subscriber as `this`.
    /// Subscribing again replaces them. Nothing unsubscribes from another
    /// view model the view was bound to before (a reused cell): its events
    /// still hold the view, and it still hears them.
    func bind(to viewModel: OrdersVM) {
        self.viewModel = viewModel
        viewModel.$title.subscribe(self) { this, title in this.title.text = title }
        viewModel.$orders.subscribe(self) { this, orders in this.update(with: orders) }
    }

    /// The article's `update(with:)`: the whole list, again. The list is
    /// the orders' data source (`tableView.reloadData()`): it keeps the count
    /// and asks for the rows it draws, each made from its `OrderVM` then.
    ///
    /// - Complexity: O(1) here; a draw after it reads at most
    ///   `ListWidget.visibleRows` rows.
    func update(with orders: OrdersVM.OrderVMs) {
        list.reload(count: orders.count) { index in ListWidget.Row(orders[index].name) }
    }

    /// The view decides where to go; the view model only makes the next one's view model.
    private func showDetails(at index: Int) {
        world.tracer.hop("detailsViewModel(at: \(index))", from: Self.self, to: OrdersVM.self)
        guard let details = viewModel.detailsViewModel(at: index) else { return }
        navigator?.push(OrderDetailsVC(viewModel: details, world: world))
    }

    /// Calls the view model, tracing the hop.
    private func send(_ message: String, _ call: (OrdersVM) -> Void) {
        world.tracer.hop(message, from: Self.self, to: OrdersVM.self)
        call(viewModel)
    }
}
