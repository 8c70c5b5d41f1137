import BindingKit

/// The orders list: a title and a list, the view model's delegate.
final class OrdersContentView: Screen, OrdersViewModelDelegate {
    let title: Label
    let list: ListWidget
    private let viewModel: OrdersViewModel
    private let world: World
    private weak var navigator: Navigator?
    private let tracker: LiveObjects.Token

    init(viewModel: OrdersViewModel, world: World, navigator: Navigator) {
        self.viewModel = viewModel
        self.world = world
        self.navigator = navigator
        self.title = Label("Orders", name: "title", tracer: world.tracer)
        self.list = ListWidget(tracer: world.tracer)
        self.tracker = world.alive.track(Self.self)
    }

    var widgets: [any Widget] { [list] }

    func viewDidLoad() {
        viewModel.delegate = self
        let tracer = world.tracer
        list.onRefresh = { [weak self] in
            tracer.hop("load()", from: OrdersContentView.self, to: OrdersViewModel.self)
            self?.viewModel.load()
        }
        list.onSelect = { [weak self] index in
            tracer.hop("selectItem(at: \(index))", from: OrdersContentView.self, to: OrdersViewModel.self)
            self?.viewModel.selectItem(at: index)
        }
        list.onEdit = { [weak self] index, name in
            tracer.hop("renameItem(at: \(index))", from: OrdersContentView.self, to: OrdersViewModel.self)
            self?.viewModel.renameItem(at: index, to: name)
        }
        list.onDelete = { [weak self] index in
            tracer.hop("removeItem(at: \(index))", from: OrdersContentView.self, to: OrdersViewModel.self)
            self?.viewModel.removeItem(at: index)
        }
        list.pullToRefresh()
    }

    // MARK: OrdersViewModelDelegate

    func didUpdate(title: String) { self.title.text = title }

    func didReceive(items: [OrderRowViewModel]) {
        list.reload(items.map { ListWidget.Row($0.title) })
    }

    func didUpdate(item: OrderRowViewModel, at index: Int) {
        list.reload(row: index, with: ListWidget.Row(item.title))
    }

    func didRemoveItem(at index: Int) { list.delete(row: index) }

    func didRequestDetails(_ details: OrderDetailsViewModel) {
        navigator?.push(OrderDetailsView(viewModel: details, world: world))
    }
}
