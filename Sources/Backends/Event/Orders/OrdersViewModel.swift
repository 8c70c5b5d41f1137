import BindingKit
import Domain

// Seed 001's names: `OrdersVM` for the screen, `OrderVM` for one row.

/// One row's view model: the same order, in words fit to show.
final class OrderVM {
    let order: Order
    var name: String { order.displayName }
    private let tracker: LiveObjects.Token

    init(order: Order, world: World) {
        self.order = order
        self.tracker = world.alive.track(Self.self)
    }
}

/// The orders list's view model, the article's last step: every property a
/// view shows is `@Observable`, so each view subscribes to the properties it
/// draws, and a set reaches only their subscribers. It never knows its views.
final class OrdersVM {
    @Observable private(set) var title = "Orders"
    @Observable private(set) var orders: [OrderVM] = []
    /// Seed 002's container listens to these two.
    @Observable private(set) var isLoading = false
    /// The last failure's text (seed 004's `error`); every set raises, so
    /// the same failure twice shows its alert twice.
    @Observable private(set) var error = ""

    /// The orders' row view models and their rules (the title, which rows
    /// exist), BindingKit's; `orders` and `title` publish them.
    private var list = OrdersList<OrderVM>()
    /// The article's `OrdersProvider`: the shared model's use case.
    private let loadOrdersUseCase: LoadOrdersUseCase
    private var loading: (any Cancellable)?
    private let world: World
    private let tracker: LiveObjects.Token

    init(world: World) {
        self.world = world
        self.loadOrdersUseCase = world.useCases.loadOrders
        self.tracker = world.alive.track(Self.self)
        traceEvents(of: self, to: world.tracer)
    }

    func loadOrders() {
        loading?.cancel()
        isLoading = true
        loading = loadOrdersUseCase.execute { [weak self] result in
            guard let self else { return }
            loading = nil
            switch result {
            case .success(let orders):
                list.replace(with: orders.map { OrderVM(order: $0, world: world) })
                self.orders = list.elements
                title = list.title
            case .failure(let error):
                self.error = error.message
            }
            isLoading = false
        }
    }

    /// The details screen's view model, for the view to show.
    func detailsViewModel(at index: Int) -> OrderDetailsVM? {
        guard let row = list[row: index] else { return nil }
        let tracer = world.tracer
        return OrderDetailsVM(order: row.order, world: world) { [weak self] name in
            tracer.hop("didRename", from: OrderDetailsVM.self, to: self.map { type(of: $0) })
            self?.renameOrder(at: index, to: name)
        }
    }

    /// One row changes; the count does not, so the title is left alone (a
    /// set would raise `$title` with the same text, and redraw it for nothing).
    func renameOrder(at index: Int, to name: String) {
        let world = world
        let renamed = list.update(row: index) { row in
            var order = row.order
            order.name = name
            row = OrderVM(order: order, world: world)
        }
        guard renamed != nil else { return }
        orders = list.elements
    }

    func removeOrder(at index: Int) {
        guard list.remove(row: index) else { return }
        orders = list.elements
        title = list.title
    }
}
