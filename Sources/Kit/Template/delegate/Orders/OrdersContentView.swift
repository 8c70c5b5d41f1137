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
        // TASK 2: a tap on a row (`list.onSelect`) asks the view model for its details.
        // TASK 3: an edit (`list.onEdit`) and a swipe (`list.onDelete`) go to the view model too.
        list.pullToRefresh()
    }

    // MARK: OrdersViewModelDelegate

    func didUpdate(title: String) { self.title.text = title }

    // TASK 1: keep the items and reload the list from them, as a data source:
    // `self.items = EditedRows(items)`, then `list.reload(count:)` with a
    // closure that makes the row at an index (`self?.items[row: index]?.title`).
    // A million orders must cost no more than the rows drawn.
    func didReceive(items: OrderRowViewModels) {}

    // TASK 3: one row: `items.replace(row:with:)`, then
    // `list.reload(dataSourceRow:with:)`; a removed one: `items.remove(row:)`,
    // then `list.delete(dataSourceRow:)`. Nothing else is redrawn.
    func didUpdate(item: OrderRowViewModel, at index: Int) {}
    func didRemoveItem(at index: Int) {}

    // TASK 2: push the details screen (`navigator?.push(OrderDetailsView(viewModel: details))`).
    func didRequestDetails(_ details: OrderDetailsViewModel) {}
}
