import BindingKit
import Domain

// The article's names: `OrdersVM` for the screen, `OrderVM` for one row.

/// One row's view model: the same order, in words fit to show.
final class OrderVM {
    let order: Order
    var name: String { order.displayName }

    init(order: Order) {
        self.order = order
    }
}

/// The orders list's view model, the article's last step: every property a
/// view shows is `@Observable`, so each view subscribes to the properties it
/// draws, and a set reaches only their subscribers. It never knows its views.
final class OrdersVM {
    /// The article's `[OrderVM]`, made lazy: the orders as `OrderVM`s, each
    /// made when a view reads its row. A set publishes a snapshot of the
    /// orders (no row copied), and the list, a data source, asks it for the
    /// rows it draws. What the view hears is the article's: the whole list,
    /// on every change.
    typealias OrderVMs = LazyMapCollection<OrdersList<Order>, OrderVM>

    @Observable private(set) var title = "Orders"
    @Observable private(set) var orders: OrderVMs = OrdersList<Order>().lazy.map(OrderVM.init)
    /// The container of "Adapting an existing business solution for iOS,
    /// part 3" listens to these two.
    @Observable private(set) var isLoading = false
    /// The last failure's text (the `error` of "Clean architecture and MVVM
    /// in iOS"); every set raises, so the same failure twice shows its alert
    /// twice.
    @Observable private(set) var error = ""

    /// The orders and their rules (the title, which rows exist),
    /// BindingKit's; `orders` and `title` publish them.
    private var list = OrdersList<Order>()
    private let ordersProvider: LoadOrdersUseCase
    private var loading: (any Cancellable)?

    init(ordersProvider: LoadOrdersUseCase) {
        self.ordersProvider = ordersProvider
    }

    func loadOrders() {
        loading?.cancel()
        isLoading = true
        loading = ordersProvider.execute { [weak self] result in
            guard let self else { return }
            loading = nil
            switch result {
            case .success(let orders):
                list.replace(with: orders)
                self.orders = list.lazy.map(OrderVM.init)
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
        return OrderDetailsVM(order: order) { [weak self] name in
            self?.renameOrder(at: index, to: name)
        }
    }

    /// One row changes; the count does not, so the title is left alone (a
    /// set would raise `$title` with the same text, and redraw it for nothing).
    ///
    /// - Complexity: O(1) in the orders (a snapshot is published).
    func renameOrder(at index: Int, to name: String) {
        guard list.update(row: index, { $0.name = name }) != nil else { return }
        orders = list.lazy.map(OrderVM.init)
    }

    /// - Complexity: O(1) in the orders (a snapshot is published).
    func removeOrder(at index: Int) {
        guard list.remove(row: index) else { return }
        orders = list.lazy.map(OrderVM.init)
        title = list.title
    }
}
