import BindingKit

/// The article's `OrderCell`: the default implementation does all the
/// binding; the cell only says how a view model looks.
final class OrderCell: TableViewCell, IHaveViewModel {
    typealias ViewModel = OrderVM

    deinit { removeAssociatedObjects(self) }

    func viewModelChanged(_ viewModel: OrderVM) {
        text = viewModel.name
    }
}

/// The article's `OrdersVC`: a title and a list. Every `changed` of its view
/// model redraws both whole (`tableView.reloadData()`).
final class OrdersVC: Screen, IHaveViewModel {
    typealias ViewModel = OrdersVM

    let title = Label("Orders", name: "title")
    let list = ListWidget()
    /// The one reusable cell every row is configured in, in turn.
    private lazy var reusableCell = OrderCell()
    private weak var navigator: Navigator?

    init(navigator: Navigator) {
        self.navigator = navigator
    }

    deinit { removeAssociatedObjects(self) }

    var widgets: [any Widget] { [list] }

    func viewDidLoad() {
        list.onRefresh = { [weak self] in self?.viewModel?.loadOrders() }
        list.onSelect = { [weak self] index in self?.showDetails(at: index) }
        list.onEdit = { [weak self] index, name in self?.viewModel?.renameOrder(at: index, to: name) }
        list.onDelete = { [weak self] index in self?.viewModel?.removeOrder(at: index) }
        viewModel?.loadOrders()
    }

    func viewModelChanged(_ viewModel: OrdersVM) {
        title.text = viewModel.title
        reloadData(count: viewModel.orders.count)
    }

    // MARK: The table's data source

    /// `tableView.reloadData()`: the list becomes the table's data source
    /// again; it asks for the rows it draws (`tableView(_:cellForRowAt:)`),
    /// each configured in the cell through its type-erased `anyViewModel`,
    /// as in the article.
    ///
    /// The data source reads the view model's rows when the list asks, as
    /// `cellForRowAt` does, and keeps no array of its own: a closure holding
    /// `orders` would share the view model's array, so that its next
    /// one-row change (`orders[index] = …`) copied all of it — a million
    /// rows retained and released for one rename.
    ///
    /// - Complexity: O(1) here; each draw after it configures at most
    ///   `ListWidget.visibleRows` rows, one associated-object write each.
    private func reloadData(count: Int) {
        list.reload(count: count) { [weak self] index in
            guard let self, let orders = viewModel?.orders, orders.indices.contains(index) else {
                return ListWidget.Row("")
            }
            return dequeueReusableCell().configure(with: orders[index])
        }
    }

    private func dequeueReusableCell() -> TableViewCell { reusableCell }

    // MARK: Private

    /// The view decides where to go; the view model only makes the next one's view model.
    private func showDetails(at index: Int) {
        guard let detailsViewModel = viewModel?.detailsViewModel(at: index) else { return }
        let details = OrderDetailsVC()
        details.viewModel = detailsViewModel
        navigator?.push(details)
    }
}
