import BindingKit
import Domain

/// The orders list's view model. How it tells its view (the title, the rows,
/// one row changed or removed, the details to show) and the container (the
/// load started, ended, failed) is the approach you choose: nothing here
/// tells anyone anything yet.
final class OrdersViewModel {
    /// The orders and their rules (the title "Orders (N)", which rows
    /// exist), BindingKit's.
    private var orders = OrdersList<Order>()
    private var loading: (any Cancellable)?
    private let loadOrders: LoadOrdersUseCase

    init(loadOrders: LoadOrdersUseCase) {
        self.loadOrders = loadOrders
    }

    // MARK: Called by the view

    func load() {
        loading?.cancel()
        // TASK 1: the spinner, then 100 rows: the title (`orders.title`), the
        // container told the load started; on success keep the orders
        // (`orders.replace(with:)`), then the title and the rows
        // (`OrderRowViewModels(orders)`); the container told it ended.
        // TASK 4: on failure, the container shows `error.message`.
        // TASK 5: what does the closure below keep alive while it waits?
        loading = loadOrders.execute { result in
            self.loading = nil
            _ = result
        }
    }

    func selectItem(at index: Int) {
        // TASK 2: the details' view model of the order at `index`
        // (`orders[row: index]`), handed to the view to push.
        _ = index
    }

    func renameItem(at index: Int, to name: String) {
        // TASK 3: `orders.update(row:_:)`, then one row told, nothing else.
        _ = (index, name)
    }

    func removeItem(at index: Int) {
        // TASK 3: `orders.remove(row:)`, then the row and the title told.
        _ = index
    }
}
