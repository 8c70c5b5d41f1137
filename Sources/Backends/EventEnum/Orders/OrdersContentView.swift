import BindingKit

/// The orders list: a title and a list, its view model's one listener.
///
/// Because it is the only listener, it also receives the events meant for
/// the container around it, and passes them on: the second listener of seed
/// 002 is reached by forwarding, one more hop in the trace.
final class OrdersContentView: Screen, ViewModelListener {
    let title: Label
    let list: ListWidget
    /// The items of the last `.items`, and the one-row events since: the
    /// view's `items` array of the article, which the list, a data source,
    /// reads the rows it draws from.
    private var items = EditedRows(OrderRowViewModels())
    /// The container this view sits in; set by the backend's assembly.
    weak var container: (any IContainer)?
    private let viewModel: OrdersViewModel
    private let world: World
    private weak var navigator: Navigator?

    init(viewModel: OrdersViewModel, world: World, navigator: Navigator) {
        self.viewModel = viewModel
        self.world = world
        self.navigator = navigator
        self.title = Label("Orders", name: "title", tracer: world.tracer)
        self.list = ListWidget(tracer: world.tracer)
    }

    var widgets: [any Widget] { [list] }

    func viewDidLoad() {
        viewModel.listener = self
        list.onRefresh = { [weak self] in self?.send(.pullToRefresh) }
        list.onSelect = { [weak self] index in self?.send(.selectRow(index)) }
        list.onEdit = { [weak self] index, name in self?.send(.renameRow(index, name: name)) }
        list.onDelete = { [weak self] index in self?.send(.deleteRow(index)) }
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
            navigator?.push(OrderDetailsView(viewModel: details, world: world))
        case .loading(let isLoading):
            forward(.loading(isLoading))
        case .error(let message):
            forward(.error(message))
        }
    }

    // MARK: Private

    /// Tells the view model, tracing the hop.
    private func send(_ event: OrdersViewModel.ViewEvent) {
        world.tracer.hop(event.description, from: Self.self, to: OrdersViewModel.self)
        viewModel.handle(event: event)
    }

    /// Passes a container event on, tracing the extra hop.
    private func forward(_ event: ContainerEvent) {
        world.tracer.hop(event.description, from: Self.self, to: container.map { type(of: $0) })
        container?.handle(event: event)
    }
}
