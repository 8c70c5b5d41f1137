import BindingKit
import Domain
import Observation

/// The orders list's view model: an `@Observable` class whose stored
/// properties are its whole output. It never knows its views and sends
/// nothing: a view that read a property hears that it changed.
///
/// The content view reads `orders` (its rows and its title); the
/// container reads `isLoading` and `error`. Each is re-rendered for the
/// properties it read, and for nothing else.
@Observable final class OrdersViewModel: ContainerViewModel {
    /// The orders and their rules (the title, which rows exist), BindingKit's.
    private(set) var orders = OrdersList<Order>()
    private(set) var isLoading = false
    private(set) var error: String?

    var isLoadingFullScreen: Bool { isLoading }

    @ObservationIgnored private var loading: (any Cancellable)?
    @ObservationIgnored private let loadOrders: LoadOrdersUseCase

    init(loadOrders: LoadOrdersUseCase) {
        self.loadOrders = loadOrders
    }

    func load() {
        loading?.cancel()
        error = nil
        isLoading = true
        loading = loadOrders.execute { [weak self] result in
            guard let self else { return }
            loading = nil
            switch result {
            case .success(let orders): self.orders.replace(with: orders)
            case .failure(let error): self.error = error.message
            }
            isLoading = false
        }
    }

    /// The details of the order in `index`; nil when there is no such row.
    func details(at index: Int) -> OrderDetailsViewModel? {
        orders[row: index].map { OrderDetailsViewModel(list: self, index: index, order: $0) }
    }

    /// Renames in place: the views that read `orders` hear of it.
    func renameItem(at index: Int, to name: String) {
        orders.update(row: index) { $0.name = name }
    }

    func removeItem(at index: Int) {
        orders.remove(row: index)
    }
}
