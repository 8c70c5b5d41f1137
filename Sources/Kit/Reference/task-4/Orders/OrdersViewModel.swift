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
            listener?.showError(error: error.message)
        }
        listener?.hideLoading()
    }

    func selectItem(at index: Int) {
        guard let order = orders[row: index] else { return }
        let details = OrderDetailsViewModel(order: order) { [weak self] name in
            self?.renameItem(at: index, to: name)
        }
        delegate?.didRequestDetails(details)
    }

    func renameItem(at index: Int, to name: String) {
        guard let order = orders.update(row: index, { $0.name = name }) else { return }
        delegate?.didUpdate(item: OrderRowViewModel(order: order), at: index)
    }

    func removeItem(at index: Int) {
        guard orders.remove(row: index) else { return }
        delegate?.didRemoveItem(at: index)
        delegate?.didUpdate(title: orders.title)
    }

    // TASK 7: delivery a turn later. Tell the view and the container on the
    // main queue's next turn (`DispatchQueue.main.async { … }`), as the Clean
    // Architecture article's repository does, and declare it in the assembly;
    // every session must stay green.
}
