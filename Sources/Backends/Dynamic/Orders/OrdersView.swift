import BindingKit

/// One order's row (the demo's `BindableTableCell`).
final class OrderCell: BindableTableCell {
    private(set) var row = ListWidget.Row("")

    func bindViewModel(_ viewModel: OrderRowViewModel) {
        row = ListWidget.Row(viewModel.title)
    }
}

/// The orders list's content: a title and a list, bound with the article's
/// operators and the demo's table helper. The view owns its view model.
final class OrdersView: Screen {
    let title: Label
    let list: ListWidget
    private var viewModel: OrdersViewModel?
    private var tableViewHelper: SimpleTableViewHelper<OrderCell, OrdersViewModel.OrderRows>?
    private let world: World
    private let capture: ListenerCapture

    init(world: World, capture: ListenerCapture) {
        self.world = world
        self.capture = capture
        self.title = Label("Orders", name: "title", tracer: world.tracer)
        self.list = ListWidget(tracer: world.tracer)
    }

    deinit { releaseAssociations(of: [title, list]) }

    var widgets: [any Widget] { [list] }

    func bindViewModel(_ viewModel: OrdersViewModel) {
        self.viewModel = viewModel
        // The article's first example, a closure listener that reaches the
        // label through `self`: how it captures the view is `capture`
        // (weak, as the article ends up recommending). The movies screen
        // binds its labels through their modifiers instead.
        viewModel.title >>> capture.listener(self, tracer: world.tracer) { this, title in this.title.text = title }
        tableViewHelper = SimpleTableViewHelper(
            tableView: list, data: viewModel.orders, cellType: OrderCell.self, command: viewModel.openOrder,
            world: world)
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

    func viewDidLoad() {
        viewModel?.refresh.execute(value: (), sender: list)
    }
}
