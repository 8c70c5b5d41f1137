import BindingKit
import Domain

/// The orders list: a title and a list, rendered from what it reads of the
/// view model — `orders`, never `isLoading` or `error`, which
/// are its container's. Gestures call the view model directly.
final class OrdersContentView: IModelView, ObservingView {
    let title = Label("Orders", name: "title")
    let list = ListWidget()
    /// A view can be handed another view model (a reused cell its next
    /// row): what the next render reads is tracked.
    var viewModel: OrdersViewModel
    private weak var navigator: Navigator?
    /// The orders the list shows, for the next render's diff.
    private let shownOrders = ShownOrders<Order>()
    private let renders: RenderQueue

    init(viewModel: OrdersViewModel, navigator: Navigator, renders: RenderQueue) {
        self.viewModel = viewModel
        self.navigator = navigator
        self.renders = renders
    }

    var widgets: [any Widget] { [list] }

    func viewDidLoad() {
        list.onRefresh = { [weak self] in self?.viewModel.load() }
        list.onSelect = { [weak self] index in self?.showDetails(at: index) }
        list.onEdit = { [weak self] index, name in self?.viewModel.renameItem(at: index, to: name) }
        list.onDelete = { [weak self] index in self?.viewModel.removeItem(at: index) }
        renders.start(self)
        viewModel.load()
    }

    func render(into changes: inout WidgetChanges) {
        let orders = viewModel.orders
        changes.set(title, \.text, to: orders.title)
        changes.show(orders, shown: shownOrders, in: list) {
            ListWidget.Row(OrderRowViewModel(order: $0).title)
        }
    }

    private func showDetails(at index: Int) {
        guard let details = viewModel.details(at: index) else { return }
        navigator?.push(OrderDetailsView(viewModel: details, renders: renders))
    }
}
