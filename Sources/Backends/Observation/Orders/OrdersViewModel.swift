import BindingKit
import Domain
import Observation

/// One row of the orders list.
struct OrderRow: Equatable {
    let order: Order

    var title: String { order.displayName }
}

/// The orders list's view model: an `@Observable` class whose stored
/// properties are its whole output. It never knows its views and sends
/// nothing: a view that read a property hears that it changed.
///
/// The content view reads `orders` (and `title`, made from it); the
/// container reads `isLoading` and `error`. Each is re-rendered for the
/// properties it read, and for nothing else.
@Observable final class OrdersViewModel: ContainerViewModel {
    private(set) var orders: [OrderRow] = []
    private(set) var isLoading = false
    private(set) var error: String?

    var title: String { orders.isEmpty ? "Orders" : "Orders (\(orders.count))" }
    var isLoadingFullScreen: Bool { isLoading }

    @ObservationIgnored private var loading: (any Cancellable)?
    @ObservationIgnored private let loadOrders: LoadOrdersUseCase
    @ObservationIgnored private let world: World
    @ObservationIgnored private let tracker: LiveObjects.Token

    init(world: World) {
        self.world = world
        self.loadOrders = world.useCases.loadOrders
        self.tracker = world.alive.track(Self.self)
    }

    func load() {
        loading?.cancel()
        error = nil
        isLoading = true
        loading = loadOrders.execute { [weak self] result in
            guard let self else { return }
            loading = nil
            switch result {
            case .success(let orders): self.orders = orders.map(OrderRow.init)
            case .failure(let error): self.error = error.message
            }
            isLoading = false
        }
    }

    /// The details of the order in `index`; nil when there is no such row.
    func details(at index: Int) -> OrderDetailsViewModel? {
        guard orders.indices.contains(index) else { return nil }
        return OrderDetailsViewModel(order: orders[index].order, world: world)
    }

    func renameItem(at index: Int, to name: String) {
        guard orders.indices.contains(index) else { return }
        orders[index] = OrderRow(order: Order(id: orders[index].order.id, name: name))
    }

    func removeItem(at index: Int) {
        guard orders.indices.contains(index) else { return }
        orders.remove(at: index)
    }
}
