import BindingKit
import Domain

// Seed 001's names: `OrdersVM` for the screen, `OrderVM` for one row.

/// One row's view model: the same order, in words fit to show.
final class OrderVM {
    let order: Order
    var name: String { order.displayName }

    init(order: Order, world: World) {
        self.order = order
    }
}

/// The orders list's view model, the article's last step: every property a
/// view shows is `@Observable`, so each view subscribes to the properties it
/// draws, and a set reaches only their subscribers. It never knows its views.
final class OrdersVM {
    /// The article's `[OrderVM]`, made lazy: the orders as `OrderVM`s, each
    /// made when a view reads its row. The article maps every order to an
    /// `OrderVM` at load (`model.map { OrderVM(order: $0) }`) and sets the
    /// whole array again on each change; with a million orders that is a
    /// million objects held, and a rename that copies them all. Here a set
    /// publishes a snapshot of the orders instead (no row copied), and the
    /// list, a data source, asks it for the ten rows it draws. What the view
    /// hears is the article's: the whole list, on every change.
    typealias OrderVMs = LazyMapCollection<OrdersList<Order>, OrderVM>

    @Observable private(set) var title = "Orders"
    @Observable private(set) var orders: OrderVMs
    /// Seed 002's container listens to these two.
    @Observable private(set) var isLoading = false
    /// The last failure's text (seed 004's `error`); every set raises, so
    /// the same failure twice shows its alert twice.
    @Observable private(set) var error = ""

    /// The orders and their rules (the title, which rows exist),
    /// BindingKit's; `orders` and `title` publish them.
    private var list = OrdersList<Order>()
    /// The article's `OrdersProvider`: the shared model's use case.
    private let loadOrdersUseCase: LoadOrdersUseCase
    private var loading: (any Cancellable)?
    private let world: World

    init(world: World) {
        self.world = world
        self.loadOrdersUseCase = world.useCases.loadOrders
        self._orders = Observable(wrappedValue: Self.orderVMs(of: OrdersList(), world: world))
        traceEvents(of: self, to: world.tracer)
    }

    /// `list`'s orders as row view models, made when read.
    ///
    /// - Complexity: O(1): nothing is made until a row is read.
    private static func orderVMs(of list: OrdersList<Order>, world: World) -> OrderVMs {
        list.lazy.map { OrderVM(order: $0, world: world) }
    }

    func loadOrders() {
        loading?.cancel()
        isLoading = true
        loading = loadOrdersUseCase.execute { [weak self] result in
            guard let self else { return }
            loading = nil
            switch result {
            case .success(let orders):
                list.replace(with: orders)
                self.orders = Self.orderVMs(of: list, world: world)
                title = list.title
            case .failure(let error):
                self.error = error.message
            }
            isLoading = false
        }
    }

    /// The details screen's view model, for the view to show.
    func detailsViewModel(at index: Int) -> OrderDetailsVM? {
        guard let order = list[row: index] else { return nil }
        let tracer = world.tracer
        return OrderDetailsVM(order: order, world: world) { [weak self] name in
            tracer.hop("didRename", from: OrderDetailsVM.self, to: self.map { type(of: $0) })
            self?.renameOrder(at: index, to: name)
        }
    }

    /// One row changes; the count does not, so the title is left alone (a
    /// set would raise `$title` with the same text, and redraw it for nothing).
    ///
    /// - Complexity: O(1) in the orders (a snapshot is published).
    func renameOrder(at index: Int, to name: String) {
        guard list.update(row: index, { $0.name = name }) != nil else { return }
        orders = Self.orderVMs(of: list, world: world)
    }

    /// - Complexity: O(1) in the orders (a snapshot is published).
    func removeOrder(at index: Int) {
        guard list.remove(row: index) else { return }
        orders = Self.orderVMs(of: list, world: world)
        title = list.title
    }
}
