import BindingKit

/// The orders list: a title and a list, bound to its view model your way.
final class OrdersContentView: Screen {
    let title = Label("Orders", name: "title")
    let list = ListWidget()
    /// The rows handed over last and the one-row changes since, which the
    /// list, a data source, reads the rows it draws from
    /// (`list.reload(count:)` with `items[row:]`; `items.replace(row:with:)`
    /// then `list.reload(dataSourceRow:with:)`; `items.remove(row:)` then
    /// `list.delete(dataSourceRow:)`).
    private var items = EditedRows(OrderRowViewModels())
    private let viewModel: OrdersViewModel
    private weak var navigator: Navigator?

    init(viewModel: OrdersViewModel, navigator: Navigator) {
        self.viewModel = viewModel
        self.navigator = navigator
        // TASK 1: start listening to the view model, your way.
    }

    var widgets: [any Widget] { [list] }

    func viewDidLoad() {
        list.onRefresh = { [weak self] in self?.viewModel.load() }
        list.onSelect = { [weak self] index in self?.viewModel.selectItem(at: index) }
        list.onEdit = { [weak self] index, name in self?.viewModel.renameItem(at: index, to: name) }
        list.onDelete = { [weak self] index in self?.viewModel.removeItem(at: index) }
        list.pullToRefresh()
        // TASK 2: a details view model handed over is pushed:
        // `navigator?.push(OrderDetailsView(viewModel: details))`.
        _ = (items, navigator)
    }
}
