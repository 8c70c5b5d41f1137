import BindingKit

/// The orders list: a title and a list, its view model's one listener.
///
/// Because it is the only listener, it also receives the events meant for
/// the container around it, and passes them on: the container's second
/// listener of the delegate backend is reached by forwarding, one more hop
/// in the trace.
final class OrdersContentView: Screen, ViewModelListener {
    let title = Label("Orders", name: "title")
    let list = ListWidget()
    /// The items of the last `.items`, and the one-row events since: the
    /// view's `items` array of the article, which the list, a data source,
    /// reads the rows it draws from.
    private var items = EditedRows(OrderRowViewModels())
    /// The container this view sits in; set by the backend's assembly.
    weak var container: (any IContainer)?
    private let viewModel: OrdersViewModel
    private weak var navigator: Navigator?

    init(viewModel: OrdersViewModel, navigator: Navigator) {
        self.viewModel = viewModel
        self.navigator = navigator
        viewModel.listener = self
    }

    var widgets: [any Widget] { [list] }

    func viewDidLoad() {
        list.onRefresh = { [weak self] in self?.viewModel.handle(event: .pullToRefresh) }
        list.onSelect = { [weak self] index in self?.viewModel.handle(event: .selectRow(index)) }
        list.onEdit = { [weak self] index, name in self?.viewModel.handle(event: .renameRow(index, name: name)) }
        list.onDelete = { [weak self] index in self?.viewModel.handle(event: .deleteRow(index)) }
        list.pullToRefresh()
    }

    // MARK: ViewModelListener

    func handle(event: OrdersViewModel.ViewModelEvent) {
        switch event {
        case .updateTitle(let title):
            self.title.text = title
        case .items(let items):
            // `self.items = items; tableView.reloadData()`: O(1), the rows drawn read later.
            self.items = EditedRows(items)
            list.reload(count: items.count) { [weak self] index in
                ListWidget.Row(self?.items[row: index]?.title ?? "")
            }
        case .updateItem(let item, let index):
            // `items[index] = item; tableView.reloadRows(at:)`: one row, at any count.
            guard items.replace(row: index, with: item) else { return }
            list.reload(dataSourceRow: index, with: ListWidget.Row(item.title))
        case .removeItem(let index):
            // `items.remove(at: index); tableView.deleteRows(at:)`: no row moves.
            guard items.remove(row: index) else { return }
            list.delete(dataSourceRow: index)
        case .showDetails(let details):
            navigator?.push(OrderDetailsView(viewModel: details))
        case .loading(let isLoading):
            container?.handle(event: .loading(isLoading))
        case .error(let message):
            container?.handle(event: .error(message))
        }
    }
}
