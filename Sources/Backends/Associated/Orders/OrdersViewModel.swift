import BindingKit
import Domain

// The article's names: `OrdersVM` for the screen, `OrderVM` for one row.

/// One row's view model: the same order, in words fit to show.
final class OrderVM {
    let order: Order
    var name: String { "\(order.name) #\(order.id)" }

    init(order: Order) {
        self.order = order
    }
}

/// The article's `orders: [OrderVM]`, read as its table's data source reads
/// it (`orders.count`, `orders[indexPath.row]`), but made when read: the map
/// over BindingKit's `OrdersList` made lazily, so that a load makes no
/// `OrderVM` and a draw makes one for each row drawn. The view models are
/// the cells' to keep: the cell retains the one it was given
/// (`anyViewModel`), and a row read again gets a new one, equal in what it
/// shows.
typealias OrderVMs = LazyMapCollection<OrdersList<Order>, OrderVM>

/// The orders list's view model. It never knows its views: it changes its
/// state and raises `changed`, and whoever listens redraws.
///
/// The container of "Adapting an existing business solution for iOS, part 3"
/// reads `isLoading` and `error` from it too.
final class OrdersVM: ContainerViewModel {
    /// The orders as the load answered them (the array every lane shares)
    /// and the rules of the list (the title, which rows exist), BindingKit's.
    private var list = OrdersList<Order>()
    var orders: OrderVMs { list.lazy.map(OrderVM.init) }
    private(set) var isLoading = false
    private(set) var error: String?

    var title: String { list.title }

    private let ordersProvider: LoadOrdersUseCase
    private var loading: (any Cancellable)?

    init(ordersProvider: LoadOrdersUseCase) {
        self.ordersProvider = ordersProvider
    }

    deinit { removeAssociatedObjects(self) }  // its `changed` event

    func loadOrders() {
        loading?.cancel()
        isLoading = true
        changed.raise()
        loading = ordersProvider.execute { [weak self] result in
            guard let self else { return }
            loading = nil
            isLoading = false
            switch result {
            case .success(let orders):
                list.replace(with: orders)
            case .failure(let error):
                self.error = error.message
            }
            changed.raise()  // "Пыщ!"
            error = nil
        }
    }

    /// The details screen's view model, for the view to show.
    func detailsViewModel(at index: Int) -> OrderDetailsVM? {
        guard let order = list[row: index] else { return nil }
        return OrderDetailsVM(order: order) { [weak self] name in
            self?.renameOrder(at: index, to: name)
        }
    }

    func renameOrder(at index: Int, to name: String) {
        guard list.update(row: index, { $0.name = name }) != nil else { return }
        changed.raise()
    }

    func removeOrder(at index: Int) {
        guard list.remove(row: index) else { return }
        changed.raise()
    }
}
