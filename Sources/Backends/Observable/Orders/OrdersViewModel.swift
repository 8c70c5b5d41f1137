import BindingKit
import Domain

/// Where the orders list can lead, in the Clean Architecture article's
/// style: closures the screen's maker hands the view model.
struct OrdersListViewModelActions {
    /// The article's form for a details screen that can change what it shows:
    /// the second closure hands the changed order back to the list.
    let showOrderDetails: (Order, _ didUpdate: @escaping (_ updated: Order) -> Void) -> Void
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
/// the error observed by the container, the rest by the content.
///
/// `items` is the article's `Observable<[MoviesListItemViewModel]>` made
/// for a million rows: BindingKit's `OrderRowViewModels`, a collection of
/// the row view models made when read, sharing the orders (see
/// `show(_:)`). The movies list keeps the article's array.
protocol OrdersListViewModelOutput: ContainerViewModelOutput where Loading == Bool {
    var title: any ObservableProperty<String> { get }
    var items: any ObservableProperty<OrderRowViewModels> { get }
}

/// The orders list's view model, the Clean Architecture article's way: it
/// sets its observable outputs and never knows who observes them. Answers
/// from the data layer are handled on the injected main queue (the
/// repository's `mainQueue`), so their deliveries land a main-queue turn
/// after the answer.
final class OrdersListViewModel: OrdersListViewModelInput, OrdersListViewModelOutput {
    // MARK: Output

    let title: any ObservableProperty<String>
    let items: any ObservableProperty<OrderRowViewModels>
    let loading: any ObservableProperty<Bool>
    let error: any ObservableProperty<String>

    func isFullScreen(_ loading: Bool) -> Bool { loading }

    /// The orders and the screen's rules ("Orders (N)", which rows exist):
    /// BindingKit's `OrdersList`.
    private var orders = OrdersList<Order>()
    private var ordersLoadTask: (any Cancellable)? {
        willSet { ordersLoadTask?.cancel() }
    }
    private let loadOrdersUseCase: LoadOrdersUseCase
    private let actions: OrdersListViewModelActions?
    private let mainQueue: any DispatchQueueType

    init(
        loadOrdersUseCase: LoadOrdersUseCase, actions: OrdersListViewModelActions? = nil,
        mainQueue: any DispatchQueueType = DispatchQueue.main, form: ObservableForm
    ) {
        title = form.make("Orders")
        items = form.make(OrderRowViewModels())
        loading = form.make(false)
        error = form.make("")
        self.loadOrdersUseCase = loadOrdersUseCase
        self.actions = actions
        self.mainQueue = mainQueue
    }

    // MARK: Input

    /// The list opens: it loads, as the article's view controller does.
    func viewDidLoad() {
        load()
    }

    func didRefresh() {
        load()
    }

    func didSelectItem(at index: Int) {
        guard let order = orders[row: index] else { return }
        actions?.showOrderDetails(order) { [weak self] updated in
            self?.didRenameItem(at: index, to: updated.name)
        }
    }

    func didRenameItem(at index: Int, to name: String) {
        guard orders.update(row: index, { $0.name = name }) != nil else { return }
        items.value = OrderRowViewModels(orders)
    }

    func didRemoveItem(at index: Int) {
        guard orders.remove(row: index) else { return }
        items.value = OrderRowViewModels(orders)
        title.value = orders.title
    }

    // MARK: Private

    /// The repository writes `items.value = pages.movies.map(…)`; the rows
    /// here are the same map made lazily (`OrderRowViewModels`), so that a
    /// lane keeps no array of a million row view models and a one-row
    /// change costs the same at a thousand orders and at a million. Each
    /// change sets `items` once, as `items.value[index] = …` and
    /// `items.value.remove(at:)` did: one notification.
    private func show(_ orders: [Order]) {
        self.orders.replace(with: orders)
        title.value = self.orders.title
        items.value = OrderRowViewModels(self.orders)
    }

    private func load() {
        title.value = orders.title
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
