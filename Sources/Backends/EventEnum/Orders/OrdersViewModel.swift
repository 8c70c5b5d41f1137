import BindingKit
import Domain

/// The orders list's view model: one `handle(event:)` in, one listener out.
///
/// What the `delegate` backend says with five delegate methods and a second
/// container protocol is here one `ViewModelEvent` enum; what its view calls
/// as four methods is one `ViewEvent` enum. Knowing the enums, a test can
/// assert the exact sequence of events an action produces (the article's
/// selling point; see `EventEnumTests`).
final class OrdersViewModel {
    /// The view's one listener slot, weak as a delegate.
    weak var listener: (any ViewModelListener<ViewModelEvent>)?

    /// The orders and their rules (the title, which rows exist), BindingKit's.
    private var orders = OrdersList<Order>()
    private var loading: (any Cancellable)?
    private let loadOrders: LoadOrdersUseCase

    init(loadOrders: LoadOrdersUseCase) {
        self.loadOrders = loadOrders
    }

    /// The one entry point from the view.
    func handle(event: ViewEvent) {
        switch event {
        case .pullToRefresh: load()
        case .selectRow(let index): selectItem(at: index)
        case .renameRow(let index, let name): renameItem(at: index, to: name)
        case .deleteRow(let index): removeItem(at: index)
        }
    }

    // MARK: Private

    private func load() {
        loading?.cancel()
        listener?.handle(event: .updateTitle(orders.title))
        listener?.handle(event: .loading(true))
        loading = loadOrders.execute { [weak self] result in
            guard let self else { return }
            loading = nil
            switch result {
            case .success(let orders):
                self.orders.replace(with: orders)
                listener?.handle(event: .updateTitle(self.orders.title))
                listener?.handle(event: .items(OrderRowViewModels(self.orders)))
            case .failure(let error):
                listener?.handle(event: .error(error.message))
            }
            listener?.handle(event: .loading(false))
        }
    }

    private func selectItem(at index: Int) {
        guard let order = orders[row: index] else { return }
        let details = OrderDetailsViewModel(order: order) { [weak self] name in
            self?.renameItem(at: index, to: name)
        }
        listener?.handle(event: .showDetails(details))
    }

    private func renameItem(at index: Int, to name: String) {
        guard let order = orders.update(row: index, { $0.name = name }) else { return }
        listener?.handle(event: .updateItem(OrderRowViewModel(order: order), at: index))
    }

    private func removeItem(at index: Int) {
        guard orders.remove(row: index) else { return }
        listener?.handle(event: .removeItem(at: index))
        listener?.handle(event: .updateTitle(orders.title))
    }
}

// The article's module template keeps the two enums in an extension.
extension OrdersViewModel {
    /// What the user did on the list, named for the gesture (the article's
    /// `touchButton`, `swipeLeft`); the view model decides what it means.
    enum ViewEvent: Equatable {
        case pullToRefresh
        case selectRow(Int)
        case renameRow(Int, name: String)
        case deleteRow(Int)
    }

    /// Everything the view model tells its view. `loading` and `error` are the
    /// container's; the content view passes them on.
    ///
    /// Equatable so that a test can compare whole sequences; a details view
    /// model compares by identity.
    enum ViewModelEvent: Equatable {
        case updateTitle(String)
        /// The article's `case items([SomeItem])`, its array a lazy map over
        /// the orders: each row's view model is made when the view reads the
        /// row, not a million at load (see `OrderRowViewModels`).
        case items(OrderRowViewModels)
        case updateItem(OrderRowViewModel, at: Int)
        case removeItem(at: Int)
        case showDetails(OrderDetailsViewModel)
        case loading(Bool)
        case error(String)
    }
}
