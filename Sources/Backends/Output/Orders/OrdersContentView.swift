import BindingKit

/// The orders list: a title and a list, seed 000's `View` of the orders
/// view model. Its gestures go out through its `output`; the view model's
/// events come in, a main-queue turn later, through `handle(event:)`.
final class OrdersContentView: AssociatedObjectsHost, Screen, View {
    let title: Label
    let list: ListWidget
    let output = Output<OrdersViewModel.ViewEvent>()
    let world: World
    private weak var navigator: Navigator?
    private let tracker: LiveObjects.Token

    init(world: World, navigator: Navigator) {
        self.world = world
        self.navigator = navigator
        self.title = Label("Orders", name: "title", tracer: world.tracer)
        self.list = ListWidget(tracer: world.tracer)
        self.tracker = world.alive.track(Self.self)
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
            list.reload(items.map { ListWidget.Row($0.title) })
        case .updateItem(let item, let index):
            list.reload(row: index, with: ListWidget.Row(item.title))
        case .removeItem(let index):
            list.delete(row: index)
        case .showDetails(let details):
            let view = OrderDetailsView(world: world)
            view.bind(with: details)
            navigator?.push(view)
        case .loading, .error:
            break  // the container's
        }
    }
}
