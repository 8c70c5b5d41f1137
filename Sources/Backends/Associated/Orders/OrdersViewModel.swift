import BindingKit
import Domain

// Seed 001's names: `OrdersVM` for the screen, `OrderVM` for one row.

/// One row's view model: the same order, in words fit to show.
final class OrderVM {
    let order: Order
    var name: String { "\(order.name) #\(order.id)" }
    private let tracker: LiveObjects.Token

    init(order: Order, world: World) {
        self.order = order
        self.tracker = world.alive.track(Self.self)
    }
}

/// The orders list's view model. It never knows its views: it changes its
/// state and raises `changed`, and whoever listens redraws.
///
/// Seed 002's container reads `isLoading` and `error` from it too.
final class OrdersVM: ContainerViewModel {
    /// The orders' row view models and their rules (the title, which rows
    /// exist), BindingKit's.
    private var list = OrdersList<OrderVM>()
    var orders: [OrderVM] { list.elements }
    /// The row view model of row `index`, read without copying the rows.
    func order(at index: Int) -> OrderVM? { list[row: index] }
    private(set) var isLoading = false
    private(set) var error: String?

    var title: String { list.title }

    /// The article's `OrdersProvider`: the shared model's use case.
    private let loadOrdersUseCase: LoadOrdersUseCase
    private var loading: (any Cancellable)?
    private let world: World
    private let tracer: Tracer
    private let tracker: LiveObjects.Token

    init(world: World) {
        self.world = world
        self.loadOrdersUseCase = world.useCases.loadOrders
        self.tracer = world.tracer
        self.tracker = world.alive.track(Self.self)
    }

    deinit { removeAssociatedObjects(self) }  // its `changed` event

    func loadOrders() {
        loading?.cancel()
        isLoading = true
        raiseChanged(tracer: tracer)
        loading = loadOrdersUseCase.execute { [weak self] result in
            guard let self else { return }
            loading = nil
            isLoading = false
            switch result {
            case .success(let orders):
                list.replace(with: orders.map { OrderVM(order: $0, world: world) })
            case .failure(let error):
                self.error = error.message
            }
            raiseChanged(tracer: tracer)  // "Пыщ!"
            error = nil
        }
    }

    /// The details screen's view model, for the view to show.
    func detailsViewModel(at index: Int) -> OrderDetailsVM? {
        guard let row = list[row: index] else { return nil }
        let tracer = tracer
        return OrderDetailsVM(order: row.order, world: world) { [weak self] name in
            tracer.hop("didRename", from: OrderDetailsVM.self, to: self.map { type(of: $0) })
            self?.renameOrder(at: index, to: name)
        }
    }

    func renameOrder(at index: Int, to name: String) {
        let world = world
        let renamed = list.update(row: index) { row in
            var order = row.order
            order.name = name
            row = OrderVM(order: order, world: world)
        }
        guard renamed != nil else { return }
        raiseChanged(tracer: tracer)
    }

    func removeOrder(at index: Int) {
        guard list.remove(row: index) else { return }
        raiseChanged(tracer: tracer)
    }
}
