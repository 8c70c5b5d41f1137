import BindingKit
import Domain

// Seed 001's names: `OrdersVM` for the screen, `OrderVM` for one row.

/// One row's view model: the same order, in words fit to show.
final class OrderVM {
    let order: Order
    var name: String { "\(order.name) #\(order.id)" }

    init(order: Order, world: World) {
        self.order = order
    }
}

/// Seed 001's `orders: [OrderVM]`, read as its table's data source reads it
/// (`orders.count`, `orders[indexPath.row]`), but made when read: the map
/// over BindingKit's `OrdersList` made lazily (as `OrderRowViewModels` is for
/// the approaches whose rows are values), so that a load makes no `OrderVM`
/// and a draw makes one for each row drawn (ten), not a million at load.
/// The view models are the cells' to keep: the cell retains the one it was
/// given (`anyViewModel`), and a row read again gets a new one, equal in what
/// it shows.
typealias OrderVMs = LazyMapCollection<OrdersList<Order>, OrderVM>

/// The orders list's view model. It never knows its views: it changes its
/// state and raises `changed`, and whoever listens redraws.
///
/// Seed 002's container reads `isLoading` and `error` from it too.
final class OrdersVM: ContainerViewModel {
    /// The orders as the load answered them (the array every lane shares)
    /// and the rules of the list (the title, which rows exist), BindingKit's.
    /// The article maps them to `OrderVM`s at load (`model.map { OrderVM(order: $0) }`);
    /// here `orders` makes each when it is read (see `OrderVMs`).
    private var list = OrdersList<Order>()
    var orders: OrderVMs {
        let world = world
        return list.lazy.map { OrderVM(order: $0, world: world) }
    }
    private(set) var isLoading = false
    private(set) var error: String?

    var title: String { list.title }

    /// The article's `OrdersProvider`: the shared model's use case.
    private let loadOrdersUseCase: LoadOrdersUseCase
    private var loading: (any Cancellable)?
    private let world: World
    private let tracer: Tracer

    init(world: World) {
        self.world = world
        self.loadOrdersUseCase = world.useCases.loadOrders
        self.tracer = world.tracer
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
                list.replace(with: orders)
            case .failure(let error):
                self.error = error.message
            }
            raiseChanged(tracer: tracer)  // "Пыщ!"
            error = nil
        }
    }

    /// The details screen's view model, for the view to show.
    func detailsViewModel(at index: Int) -> OrderDetailsVM? {
        guard let order = list[row: index] else { return nil }
        let tracer = tracer
        return OrderDetailsVM(order: order, world: world) { [weak self] name in
            tracer.hop("didRename", from: OrderDetailsVM.self, to: self.map { type(of: $0) })
            self?.renameOrder(at: index, to: name)
        }
    }

    func renameOrder(at index: Int, to name: String) {
        let renamed = list.update(row: index) { $0.name = name }
        guard renamed != nil else { return }
        raiseChanged(tracer: tracer)
    }

    func removeOrder(at index: Int) {
        guard list.remove(row: index) else { return }
        raiseChanged(tracer: tracer)
    }
}
