import BindingKit
import Domain

/// Everything the orders view model can tell its view: one method per change,
/// which every view must implement (the QIWI article's complaint).
protocol OrdersViewModelDelegate: AnyObject {
    func didUpdate(title: String)
    /// The orders as rows: `OrderRowViewModels` is a lazy map over them that
    /// makes a row's view model when the row is read, so that a million
    /// orders cost nothing until they are drawn. Read it as an array
    /// (`items.count`, `items[i]`).
    func didReceive(items: OrderRowViewModels)
    func didUpdate(item: OrderRowViewModel, at index: Int)
    func didRemoveItem(at index: Int)
    func didRequestDetails(_ details: OrderDetailsViewModel)
}

/// The orders list's view model; knows its view only as a weak delegate.
final class OrdersViewModel {
    weak var delegate: (any OrdersViewModelDelegate)?
    /// The container of "Adapting an existing business solution for iOS,
    /// part 3": a second listener, of its own protocol.
    weak var listener: (any IContainer)?

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
        delegate?.didUpdate(title: orders.title)
        listener?.showLoading()
        // TASK 5: this closure holds `self`, the view model, until the answer
        // comes. What stays alive when the view is released mid-request
        // (`:clock manual`, `orders load`, `:release view`, `:alive`)?
        loading = loadOrders.execute { result in
            self.didLoad(result)
        }
    }

    /// The answer of `loadOrders`.
    private func didLoad(_ result: Result<[Order], DataError>) {
        loading = nil
        switch result {
        case .success(let orders):
            self.orders.replace(with: orders)
            delegate?.didUpdate(title: self.orders.title)
            delegate?.didReceive(items: OrderRowViewModels(self.orders))
        case .failure(let error):
            // TASK 4: the container shows the error (`error.message`) in its alert.
            _ = error
        }
        listener?.hideLoading()
    }

    func selectItem(at index: Int) {
        // TASK 2: select and back. Make the details' view model for the order
        // at `index` (`orders[row: index]`; none: do nothing) and hand it to
        // the view (`didRequestDetails`), which pushes the details screen. Its
        // `didRename` closure renames the row here (task 3).
        _ = index
    }

    func renameItem(at index: Int, to name: String) {
        // TASK 3: a rename touches one widget. Rename the order
        // (`orders.update(row:_:)` gives it back, nil when there is no such
        // row) and tell the view that one row changed, nothing else.
        _ = (index, name)
    }

    func removeItem(at index: Int) {
        // TASK 3: the same for a removed row (`orders.remove(row:)`), then
        // the title, whose count changed.
        _ = index
    }

    // TASK 7: delivery a turn later. Tell the view and the container on the
    // main queue's next turn (`DispatchQueue.main.async { … }`), as the Clean
    // Architecture article's repository does, and declare it in the assembly;
    // every session must stay green.
}
