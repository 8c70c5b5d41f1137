import BindingKit

/// The article's `OrdersVC`: a title and a list, each bound to one property
/// of its view model, the article's way:
/// `viewModel.$orders.subscribe(self) { this, orders in this.update(with: orders) }`.
final class OrdersVC: Screen {
    let title = Label("Orders", name: "title")
    let list = ListWidget()
    private let viewModel: OrdersVM
    private weak var navigator: Navigator?

    init(viewModel: OrdersVM, navigator: Navigator) {
        self.viewModel = viewModel
        self.navigator = navigator
    }

    var widgets: [any Widget] { [list] }

    /// The article's subscriptions, one per property the view draws. No
    /// `[weak self]`: each handler gets the live subscriber as `this`.
    /// Subscribing delivers nothing: the first values arrive with the load.
    func viewDidLoad() {
        viewModel.$title.subscribe(self) { this, title in this.title.text = title }
        viewModel.$orders.subscribe(self) { this, orders in this.update(with: orders) }
        list.onRefresh = { [weak self] in self?.viewModel.loadOrders() }
        list.onSelect = { [weak self] index in self?.showDetails(at: index) }
        list.onEdit = { [weak self] index, name in self?.viewModel.renameOrder(at: index, to: name) }
        list.onDelete = { [weak self] index in self?.viewModel.removeOrder(at: index) }
        viewModel.loadOrders()
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
        guard let details = viewModel.detailsViewModel(at: index) else { return }
        navigator?.push(OrderDetailsVC(viewModel: details))
    }
}
