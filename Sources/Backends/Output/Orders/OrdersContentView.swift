import BindingKit

/// The orders list: a title and a list, the QIWI article's `View` of the orders
/// view model. Its gestures go out through its `output`; the view model's
/// events come in, a main-queue turn later, through `handle(event:)`.
///
/// Not final: the article's steps before `AnyViewModel` bind the details
/// their own way (`BeforeAnyViewModel.OrdersContentView`).
class OrdersContentView: AssociatedObjectsHost, Screen, View {
    let title = Label("Orders", name: "title")
    let list = ListWidget()
    /// The items of the last `.items`, and the one-row events since: the
    /// view's `items` array of the article, which the list, a data source,
    /// reads the rows it draws from.
    private var items = EditedRows(OrderRowViewModels())
    let output = Output<OrdersViewModel.ViewEvent>()
    private(set) weak var navigator: Navigator?

    init(navigator: Navigator) {
        self.navigator = navigator
    }

    var widgets: [any Widget] { [list] }

    func viewDidLoad() {
        list.onRefresh = { [weak self] in self?.output.send(.pullToRefresh) }
        list.onSelect = { [weak self] index in self?.output.send(.selectRow(index)) }
        list.onEdit = { [weak self] index, name in self?.output.send(.renameRow(index, name: name)) }
        list.onDelete = { [weak self] index in self?.output.send(.deleteRow(index)) }
    }

    // MARK: View

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
            let view = OrderDetailsView()
            view.bind(with: details)
            navigator?.push(view)
        case .loading, .error:
            break  // the container's
        }
    }
}
