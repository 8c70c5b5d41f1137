import BindingKit

/// One order's row (the demo's `BindableTableCell`).
final class OrderCell: BindableTableCell {
    private(set) var row = ListWidget.Row("")

    func bindViewModel(_ viewModel: OrderRowViewModel) {
        row = ListWidget.Row(viewModel.title)
    }
}

/// The orders list's content: a title and a list, bound with the article's
/// operators and the demo's table helper when its view has loaded, as the
/// demo's pages bind (`bindPageModel()` in `viewDidLoad`). The view owns its
/// view model.
final class OrdersView: Page {
    let title = Label("Orders", name: "title")
    let list = ListWidget()
    private var viewModel: OrdersViewModel
    private var tableViewHelper: SimpleTableViewHelper<OrderCell, OrdersViewModel.OrderRows>?

    init(viewModel: OrdersViewModel) {
        self.viewModel = viewModel
    }

    deinit { releaseAssociations(of: [title, list]) }

    var widgets: [any Widget] { [list] }

    func viewDidLoad() {
        bindViewModel(viewModel)
    }

    /// The first load, as a pull to refresh of the list.
    func viewDidAppear() {
        viewModel.refresh.execute(value: (), sender: list)
    }

    /// The demo's `bindViewModel(_:)` (its `BindableView`): binds `viewModel`,
    /// which becomes this view's.
    func bindViewModel(_ viewModel: OrdersViewModel) {
        self.viewModel = viewModel
        // The article's first example, a closure listener that reaches the
        // label through `self`, with the `[weak self]` it ends up
        // recommending. The movies screen binds its labels through their
        // modifiers instead.
        viewModel.title >>> { [weak self] title in self?.title.text = title }
        tableViewHelper = SimpleTableViewHelper(
            tableView: list, data: viewModel.orders, cellType: OrderCell.self, command: viewModel.openOrder)
        // The list's other gestures run commands too; the list holds them
        // weakly, as the helper does.
        list.onRefresh = { [weak list, weak command = viewModel.refresh] in
            command?.execute(value: (), sender: list)
        }
        list.onEdit = { [weak list, weak command = viewModel.renameOrder] index, name in
            command?.execute(value: (index, name), sender: list)
        }
        list.onDelete = { [weak list, weak command = viewModel.removeOrder] index in
            command?.execute(value: index, sender: list)
        }
    }
}
