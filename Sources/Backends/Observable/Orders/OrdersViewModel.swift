import BindingKit
import Domain

/// One row of the orders list: the words for one order.
struct OrdersListItemViewModel: Equatable {
    let title: String

    init(order: Order) { title = order.displayName }
}

/// Where the orders list can lead, in seed 004's style: closures the screen's
/// maker hands the view model.
struct OrdersListViewModelActions {
    let showOrderDetails: (Order) -> Void
}

/// What the view calls.
protocol OrdersListViewModelInput: AnyObject {
    func viewDidLoad()
    func didRefresh()
    func didSelectItem(at index: Int)
    func didRenameItem(at index: Int, to name: String)
    func didRemoveItem(at index: Int)
}

/// What the views observe: every output an `Observable`, the loading and
/// the error observed by the container (seed 002), the rest by the content.
protocol OrdersListViewModelOutput: ContainerViewModelOutput where Loading == Bool {
    var title: any ObservableProperty<String> { get }
    var items: any ObservableProperty<[OrdersListItemViewModel]> { get }
}

/// The orders list's view model, seed 004's way: it sets its observable
/// outputs and never knows who observes them. Answers from the data layer
/// are handled on the injected main queue (seed 004's `mainQueue`), so
/// their deliveries land a main-queue turn after the answer.
final class OrdersListViewModel: OrdersListViewModelInput, OrdersListViewModelOutput {
    // MARK: Output

    let title: any ObservableProperty<String>
    let items: any ObservableProperty<[OrdersListItemViewModel]>
    let loading: any ObservableProperty<Bool>
    let error: any ObservableProperty<String>

    func isFullScreen(_ loading: Bool) -> Bool { loading }

    private var orders: [Order] = []
    private var ordersLoadTask: (any Cancellable)? {
        willSet { ordersLoadTask?.cancel() }
    }
    private let loadOrdersUseCase: LoadOrdersUseCase
    private let actions: OrdersListViewModelActions?
    private let mainQueue: any DispatchQueueType
    private let tracker: LiveObjects.Token

    init(
        loadOrdersUseCase: LoadOrdersUseCase, actions: OrdersListViewModelActions?, form: ObservableForm,
        world: World
    ) {
        let me = OrdersListViewModel.self
        title = form.make("Orders", "title", of: me, in: world) { "\"\($0)\"" }
        items = form.make([], "items", of: me, in: world) { "\($0.count)" }
        loading = form.make(false, "loading", of: me, in: world) { "\($0)" }
        error = form.make("", "error", of: me, in: world) { "\"\($0)\"" }
        self.loadOrdersUseCase = loadOrdersUseCase
        self.actions = actions
        self.mainQueue = world.mainQueue
        self.tracker = world.alive.track(Self.self)
    }

    private var screenTitle: String { orders.isEmpty ? "Orders" : "Orders (\(orders.count))" }

    // MARK: Input

    /// The list opens: it loads, as the article's view controller does.
    func viewDidLoad() {
        load()
    }

    func didRefresh() {
        load()
    }

    func didSelectItem(at index: Int) {
        guard orders.indices.contains(index) else { return }
        actions?.showOrderDetails(orders[index])
    }

    func didRenameItem(at index: Int, to name: String) {
        guard orders.indices.contains(index) else { return }
        orders[index].name = name
        items.value[index] = OrdersListItemViewModel(order: orders[index])
    }

    func didRemoveItem(at index: Int) {
        guard orders.indices.contains(index) else { return }
        orders.remove(at: index)
        items.value.remove(at: index)
        title.value = screenTitle
    }

    // MARK: Private

    private func show(_ orders: [Order]) {
        self.orders = orders
        title.value = screenTitle
        items.value = orders.map(OrdersListItemViewModel.init)
    }

    private func load() {
        title.value = screenTitle
        loading.value = true
        ordersLoadTask = loadOrdersUseCase.execute { [weak self] result in
            self?.mainQueue.async {
                switch result {
                case .success(let orders): self?.show(orders)
                case .failure(let error): self?.error.value = error.message
                }
                self?.loading.value = false
            }
        }
    }
}
