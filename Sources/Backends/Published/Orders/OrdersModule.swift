import BindingKit
import Domain

// The orders list as a module of "Adapting an existing business solution for
// iOS, part 3" (2020): View – Interactor – Presenter, and a Router. The
// view calls the interactor; the interactor calls the use case and hands
// its answers to the presenter; the presenter fills the view model the view
// observes; the router navigates.

/// What the orders list shows, ready to be shown: the view model only
/// stores data for display (the article's aim), and publishes every change.
class OrdersViewModel: ObservableObject, IModel {
    @Published var title = "Orders"
    /// BindingKit's lazy row view models over the orders: a million orders
    /// are not a million values made at each change.
    @Published var rows = OrderRowViewModels()
    /// The container, told of loading and errors.
    var listener: (any IContainer)?
}

/// Talks to the business logic (the use case), keeps the orders and their
/// rules (BindingKit's `OrdersList`), and tells the presenter what happened.
final class OrdersInteractor {
    private var orders = OrdersList<Order>()
    private var loading: (any Cancellable)?
    private let loadOrders: LoadOrdersUseCase
    private let presenter: OrdersPresenter
    private let router: OrdersRouter

    init(loadOrders: LoadOrdersUseCase, presenter: OrdersPresenter, router: OrdersRouter) {
        self.loadOrders = loadOrders
        self.presenter = presenter
        self.router = router
    }

    func load() {
        loading?.cancel()
        presenter.presentLoading()
        loading = loadOrders.execute { [weak self] result in
            guard let self else { return }
            loading = nil
            switch result {
            case .success(let orders):
                self.orders.replace(with: orders)
                presenter.present(self.orders)
            case .failure(let error):
                presenter.present(error)
            }
            presenter.presentLoadingEnded()
        }
    }

    func selectItem(at index: Int) {
        guard let order = orders[row: index] else { return }
        router.showDetails(of: order) { [weak self] name in self?.renameItem(at: index, to: name) }
    }

    func renameItem(at index: Int, to name: String) {
        guard orders.update(row: index, { $0.name = name }) != nil else { return }
        presenter.presentRows(of: orders)
    }

    func removeItem(at index: Int) {
        guard orders.remove(row: index) else { return }
        presenter.present(orders)
    }
}

/// Turns the interactor's answers into the view model, and tells the
/// container through the view model's listener.
final class OrdersPresenter {
    private let viewModel: OrdersViewModel

    init(viewModel: OrdersViewModel) {
        self.viewModel = viewModel
    }

    func presentLoading() {
        viewModel.listener?.showLoading()
    }

    func present(_ orders: OrdersList<Order>) {
        viewModel.title = orders.title
        presentRows(of: orders)
    }

    func presentRows(of orders: OrdersList<Order>) {
        viewModel.rows = OrderRowViewModels(orders)
    }

    func present(_ error: DataError) {
        viewModel.listener?.showError(error: error.message)
    }

    func presentLoadingEnded() {
        viewModel.listener?.hideLoading()
    }
}

/// Navigation, out of the view: pushes an order's details.
final class OrdersRouter {
    private weak var navigator: Navigator?

    init(navigator: Navigator) {
        self.navigator = navigator
    }

    /// - Parameter didRename: how the details tell the list of a new name.
    func showDetails(of order: Order, didRename: @escaping (String) -> Void) {
        navigator?.push(OrderDetailsConfigurator.makeScreen(order: order, didRename: didRename))
    }
}

/// The module's assembly.
enum OrdersConfigurator {
    /// The list inside the article's container, on one hosting controller.
    static func makeScreen(loadOrders: LoadOrdersUseCase, navigator: Navigator) -> any Screen {
        let viewModel = OrdersViewModel()
        let interactor = OrdersInteractor(
            loadOrders: loadOrders, presenter: OrdersPresenter(viewModel: viewModel),
            router: OrdersRouter(navigator: navigator))
        let content = OrdersContentView(model: viewModel, interactor: interactor)
        return HostingController(rootView: ContainerView(content: content))
    }
}
