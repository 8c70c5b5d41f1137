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
        let title = orders.title
        tell { $0.didUpdate(title: title) }
        tellContainer { $0.showLoading() }
        loading = loadOrders.execute { [weak self] result in
            self?.didLoad(result)
        }
    }

    /// The answer of `loadOrders`.
    private func didLoad(_ result: Result<[Order], DataError>) {
        loading = nil
        switch result {
        case .success(let orders):
            self.orders.replace(with: orders)
            let (title, items) = (self.orders.title, OrderRowViewModels(self.orders))
            tell { $0.didUpdate(title: title) }
            tell { $0.didReceive(items: items) }
        case .failure(let error):
            tellContainer { $0.showError(error: error.message) }
        }
        tellContainer { $0.hideLoading() }
    }

    func selectItem(at index: Int) {
        guard let order = orders[row: index] else { return }
        let details = OrderDetailsViewModel(order: order) { [weak self] name in
            self?.renameItem(at: index, to: name)
        }
        tell { $0.didRequestDetails(details) }
    }

    func renameItem(at index: Int, to name: String) {
        guard let order = orders.update(row: index, { $0.name = name }) else { return }
        tell { $0.didUpdate(item: OrderRowViewModel(order: order), at: index) }
    }

    func removeItem(at index: Int) {
        guard orders.remove(row: index) else { return }
        let title = orders.title
        tell { $0.didRemoveItem(at: index) }
        tell { $0.didUpdate(title: title) }
    }

    // MARK: Delivery

    /// Tells the view on the main queue's next turn, if it is still there then.
    private func tell(_ message: @escaping (any OrdersViewModelDelegate) -> Void) {
        DispatchQueue.main.async { [weak self] in
            guard let delegate = self?.delegate else { return }
            message(delegate)
        }
    }

    /// Tells the container on the main queue's next turn, if it is still there then.
    private func tellContainer(_ message: @escaping (any IContainer) -> Void) {
        DispatchQueue.main.async { [weak self] in
            guard let listener = self?.listener else { return }
            message(listener)
        }
    }
}
