import BindingKit

/// The orders list: a title and a list, the view model's delegate.
final class OrdersContentView: Screen, OrdersViewModelDelegate {
    let title = Label("Orders", name: "title")
    let list = ListWidget()
    /// The items the view model handed over last, and the one-row changes it
    /// told of since: the view's `items` array, which the list, a data
    /// source, reads the rows it draws from.
    private var items = EditedRows(OrderRowViewModels())
    private let viewModel: OrdersViewModel
    private weak var navigator: Navigator?

    init(viewModel: OrdersViewModel, navigator: Navigator) {
        self.viewModel = viewModel
        self.navigator = navigator
        viewModel.delegate = self
    }

    var widgets: [any Widget] { [list] }

    func viewDidLoad() {
        list.onRefresh = { [weak self] in self?.viewModel.load() }
        list.onSelect = { [weak self] index in self?.viewModel.selectItem(at: index) }
        list.onEdit = { [weak self] index, name in self?.viewModel.renameItem(at: index, to: name) }
        list.onDelete = { [weak self] index in self?.viewModel.removeItem(at: index) }
        list.pullToRefresh()
    }

    // MARK: OrdersViewModelDelegate

    func didUpdate(title: String) { self.title.text = title }

    /// `self.items = items; tableView.reloadData()`.
    ///
    /// - Complexity: O(1); a draw after it reads at most `ListWidget.visibleRows` rows.
    func didReceive(items: OrderRowViewModels) {
        self.items = EditedRows(items)
        list.reload(count: items.count) { [weak self] index in
            ListWidget.Row(self?.items[row: index]?.title ?? "")
        }
    }

    /// `items[index] = item; tableView.reloadRows(at:)`: one row, at any count.
    func didUpdate(item: OrderRowViewModel, at index: Int) {
        guard items.replace(row: index, with: item) else { return }
        list.reload(dataSourceRow: index, with: ListWidget.Row(item.title))
    }

    /// `items.remove(at: index); tableView.deleteRows(at:)`: no row moves.
    func didRemoveItem(at index: Int) {
        guard items.remove(row: index) else { return }
        list.delete(dataSourceRow: index)
    }

    func didRequestDetails(_ details: OrderDetailsViewModel) {
        navigator?.push(OrderDetailsView(viewModel: details))
    }
}
