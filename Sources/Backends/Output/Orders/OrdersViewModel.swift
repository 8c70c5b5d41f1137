import BindingKit
import Domain

/// The orders list's view model: the QIWI article's `ViewModel`, its events out
/// through an `Output` that every bound view — the content and the
/// container — appends a handler to.
///
/// It never knows its views. `start()` loads, because `bind(with:)` calls it
/// once the views listen; the view's `.pullToRefresh` loads again.
final class OrdersViewModel: ViewModel {
    let output = Output<ViewModelEvent>()

    /// The orders and their rules (the title, which rows exist), BindingKit's.
    private var orders = OrdersList<Order>()
    private var loading: (any Cancellable)?
    private let loadOrders: LoadOrdersUseCase

    init(loadOrders: LoadOrdersUseCase) {
        self.loadOrders = loadOrders
    }

    func start() {
        load()
    }

    func handle(event: ViewEvent) {
        switch event {
        case .pullToRefresh: load()
        case .selectRow(let index): selectItem(at: index)
        case .renameRow(let index, let name): renameItem(at: index, to: name)
        case .deleteRow(let index): removeItem(at: index)
        }
    }

    // MARK: Private

    private func load() {
        loading?.cancel()
        output.send(.updateTitle(orders.title))
        output.send(.loading(true))
        loading = loadOrders.execute { [weak self] result in
            guard let self else { return }
            loading = nil
            switch result {
            case .success(let orders):
                self.orders.replace(with: orders)
                output.send(.updateTitle(self.orders.title))
                output.send(.items(OrderRowViewModels(self.orders)))
            case .failure(let error):
                output.send(.error(error.message))
            }
            output.send(.loading(false))
        }
    }

    private func selectItem(at index: Int) {
        guard let order = orders[row: index] else { return }
        let details = OrderDetailsViewModel(order: order) { [weak self] name in
            self?.renameItem(at: index, to: name)
        }
        output.send(.showDetails(details))
    }

    private func renameItem(at index: Int, to name: String) {
        guard let order = orders.update(row: index, { $0.name = name }) else { return }
        output.send(.updateItem(OrderRowViewModel(order: order), at: index))
    }

    private func removeItem(at index: Int) {
        guard orders.remove(row: index) else { return }
        output.send(.removeItem(at: index))
        output.send(.updateTitle(orders.title))
    }
}

// The article's module template keeps the two enums in an extension.
extension OrdersViewModel {
    /// What the user did on the list, named for the gesture.
    enum ViewEvent: Equatable {
        case pullToRefresh
        case selectRow(Int)
        case renameRow(Int, name: String)
        case deleteRow(Int)
    }

    /// Everything the view model tells its views; each bound view gets all of
    /// it and picks its part (`loading` and `error` are the container's).
    enum ViewModelEvent: Equatable, ContainerEventConvertible {
        case updateTitle(String)
        /// The article's `case items([SomeItem])`, its array a lazy map over
        /// the orders: each row's view model is made when the view reads the
        /// row, not a million at load (see `OrderRowViewModels`).
        case items(OrderRowViewModels)
        case updateItem(OrderRowViewModel, at: Int)
        case removeItem(at: Int)
        case showDetails(OrderDetailsViewModel)
        case loading(Bool)
        case error(String)

        var containerEvent: ContainerEvent? {
            switch self {
            case .loading(let isLoading): .loading(isLoading)
            case .error(let message): .error(message)
            default: nil
            }
        }
    }
}
