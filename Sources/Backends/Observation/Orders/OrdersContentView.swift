import BindingKit
import Domain

/// The orders list: a title and a list, rendered from what it reads of the
/// view model — `orders`, never `isLoading` or `error`, which
/// are its container's. Gestures call the view model directly.
final class OrdersContentView: IModelView, ObservingView {
    let title: Label
    let list: ListWidget
    /// A var so that the experiments can hand the view another view model
    /// (a reused cell's next row); what the next render reads is tracked.
    var viewModel: OrdersViewModel
    private weak var navigator: Navigator?
    /// The orders the list shows, for the next render's diff.
    private let shownOrders = ShownOrders<Order>()
    private let world: World
    private let renders: RenderQueue
    // Internal, not private: the experiments wire it the naive way before it starts.
    lazy var renderLoop = RenderLoop(view: self, model: OrdersViewModel.self, world: world, queue: renders)

    init(viewModel: OrdersViewModel, world: World, navigator: Navigator, renders: RenderQueue) {
        self.renders = renders
        self.viewModel = viewModel
        self.world = world
        self.navigator = navigator
        self.title = Label("Orders", name: "title", tracer: world.tracer)
        self.list = ListWidget(tracer: world.tracer)
    }

    var widgets: [any Widget] { [list] }

    func viewDidLoad() {
        list.onRefresh = { [weak self] in self?.send("load()") { $0.load() } }
        list.onSelect = { [weak self] index in self?.showDetails(at: index) }
        list.onEdit = { [weak self] index, name in
            self?.send("renameItem(at: \(index))") { $0.renameItem(at: index, to: name) }
        }
        list.onDelete = { [weak self] index in
            self?.send("removeItem(at: \(index))") { $0.removeItem(at: index) }
        }
        renderLoop.start()
        send("load()") { $0.load() }
    }

    func render(into changes: inout WidgetChanges) {
        let orders = viewModel.orders
        changes.set(title, \.text, to: orders.title)
        changes.show(orders, shown: shownOrders, in: list) {
            ListWidget.Row(OrderRowViewModel(order: $0).title)
        }
    }

    // MARK: Private

    private func showDetails(at index: Int) {
        guard let details = send("details(at: \(index))", { $0.details(at: index) }) else { return }
        navigator?.push(OrderDetailsView(viewModel: details, world: world, renders: renders))
    }

    /// Calls the view model, tracing the hop.
    @discardableResult
    private func send<Result>(_ message: String, _ call: (OrdersViewModel) -> Result) -> Result {
        world.tracer.hop(message, from: Self.self, to: OrdersViewModel.self)
        return call(viewModel)
    }
}
