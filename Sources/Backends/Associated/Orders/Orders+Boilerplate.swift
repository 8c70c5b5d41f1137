import BindingKit

// The orders screens of `associated-boilerplate` (see `Boilerplate`): the
// final form's views, each writing `anyViewModel` and `viewModel` itself.

extension Boilerplate {
    /// The article's `OrderCell` as it first writes it.
    final class OrderCell: TableViewCell, IHaveViewModel {
        typealias ViewModel = OrderVM

        var anyViewModel: Any? {
            didSet {
                guard let viewModel = anyViewModel as? ViewModel else { return }
                viewModelChanged(viewModel)
            }
        }

        var viewModel: ViewModel? {
            get { anyViewModel as? ViewModel }
            set { anyViewModel = newValue }
        }

        func viewModelChanged(_ viewModel: OrderVM) {
            text = viewModel.name
        }
    }

    /// The article's `OrdersVC`.
    final class OrdersVC: Screen, IHaveViewModel {
        typealias ViewModel = OrdersVM

        let title = Label("Orders", name: "title")
        let list = ListWidget()
        private lazy var reusableCell = OrderCell()
        private weak var navigator: Navigator?

        init(navigator: Navigator) {
            self.navigator = navigator
        }

        var anyViewModel: Any? {
            didSet {
                (oldValue as? ViewModel)?.changed.unsubscribe(self)
                guard let viewModel = anyViewModel as? ViewModel else { return }
                viewModelChanged(viewModel)
                viewModel.changed.subscribe(self) { this in
                    if let viewModel = this.viewModel { this.viewModelChanged(viewModel) }
                }
            }
        }

        var viewModel: ViewModel? {
            get { anyViewModel as? ViewModel }
            set { anyViewModel = newValue }
        }

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

        /// `tableView.reloadData()`, as the final form's `OrdersVC` does it.
        ///
        /// - Complexity: O(1) here; each draw after it configures at most
        ///   `ListWidget.visibleRows` rows.
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

        private func showDetails(at index: Int) {
            guard let detailsViewModel = viewModel?.detailsViewModel(at: index) else { return }
            let details = OrderDetailsVC()
            details.viewModel = detailsViewModel
            navigator?.push(details)
        }
    }

    /// The details screen.
    final class OrderDetailsVC: Screen, IHaveViewModel {
        typealias ViewModel = OrderDetailsVM

        let outlets = OrderDetailsOutlets()

        var anyViewModel: Any? {
            didSet {
                (oldValue as? ViewModel)?.changed.unsubscribe(self)
                guard let viewModel = anyViewModel as? ViewModel else { return }
                viewModelChanged(viewModel)
                viewModel.changed.subscribe(self) { this in
                    if let viewModel = this.viewModel { this.viewModelChanged(viewModel) }
                }
            }
        }

        var viewModel: ViewModel? {
            get { anyViewModel as? ViewModel }
            set { anyViewModel = newValue }
        }

        var title: Label { outlets.title }
        var widgets: [any Widget] { outlets.widgets }

        func viewDidLoad() {
            outlets.nameField.onTextChange = { [weak self] name in self?.viewModel?.rename(to: name) }
        }

        func viewModelChanged(_ viewModel: OrderDetailsVM) {
            outlets.title.text = viewModel.title
            outlets.nameField.text = viewModel.name
            outlets.details.text = viewModel.details
        }
    }
}
