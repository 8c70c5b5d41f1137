import BindingKit
import Domain

/// The orders list's view model: its state is `Dynamic`s a view binds to,
/// what the user may do is `Command`s a view hands its widgets. It never
/// knows its views.
///
/// The container binds `isLoading` and `error` of the same model.
final class OrdersViewModel: ContainerViewModel {
    /// The rows, made when the list reads them: the demo's
    /// `Dynamic<[ViewModel]>` holds an array of row view models, rebuilt and
    /// set whole on every change; with a million orders that is a million
    /// rows made for one rename. A set here publishes a snapshot of the
    /// orders (no row copied), and the list helper binds the ten rows the
    /// list draws. Every change still sets `orders` whole, as in the demo.
    typealias OrderRows = OrderRowViewModels

    let orders = Dynamic<OrderRows>(OrderRowViewModels())
    /// "Orders (100)".
    let title = Dynamic("Orders")
    let isLoading = Dynamic(false)
    let error = Dynamic<String?>(nil)

    /// Pull to refresh, and the first load.
    private(set) lazy var refresh = Command<Void> { [weak self] _, _ in self?.load() }
    /// The demo's row selection command: opens the order's details.
    private(set) lazy var openOrder = Command<Int> { [weak self] index, _ in self?.open(at: index) }
    private(set) lazy var renameOrder = Command<(index: Int, name: String)> { [weak self] change, _ in
        self?.rename(at: change.index, to: change.name)
    }
    private(set) lazy var removeOrder = Command<Int> { [weak self] index, _ in self?.remove(at: index) }

    /// The orders and their rules (the title, which rows exist): BindingKit's.
    private var list = OrdersList<Order>() {
        didSet {
            // A `Dynamic` notifies every set, an equal value too: the title
            // is set only when it changes (a rename keeps it).
            if title.value != list.title { title.value = list.title }
            orders.value = OrderRowViewModels(list)
        }
    }
    private var loading: (any Cancellable)?
    private let loadOrders: LoadOrdersUseCase
    /// How a details page is opened (the demo's `ApplicationController`
    /// pushing a page for a page model): given by the assembly.
    private let openPage: (OrderDetailsViewModel) -> Void

    init(loadOrders: LoadOrdersUseCase, openPage: @escaping (OrderDetailsViewModel) -> Void) {
        self.loadOrders = loadOrders
        self.openPage = openPage
    }

    private func load() {
        loading?.cancel()
        isLoading.value = true
        loading = loadOrders.execute { [weak self] result in
            guard let self else { return }
            loading = nil
            switch result {
            case .success(let orders): list.replace(with: orders)
            case .failure(let error): self.error.value = error.message
            }
            isLoading.value = false
        }
    }

    private func open(at index: Int) {
        guard let order = list[row: index] else { return }
        let details = OrderDetailsViewModel(order: order)
        // An edit of the name on the details page shows in the list.
        details.name >> { [weak self] name in self?.rename(id: order.id, near: index, to: name) }
        openPage(details)
    }

    // A mutating call on `list` sets it, which would publish `orders` even
    // when the row does not exist: ask first.

    private func rename(at index: Int, to name: String) {
        guard list[row: index] != nil else { return }
        list.update(row: index) { $0.name = name }
    }

    /// The details page's name field changed: every set arrives here, an
    /// unchanged name too, and only a new one is published. The order is
    /// looked for by its id, first in the row it was opened from (where it
    /// is, unless a load answered since).
    ///
    /// - Complexity: O(log r) when the order is still in its row; O(n) to
    ///   look for it elsewhere.
    private func rename(id: Int, near row: Int, to name: String) {
        let index = list[row: row]?.id == id ? row : list.firstIndex { $0.id == id }
        guard let index, list[row: index]?.name != name else { return }
        rename(at: index, to: name)
    }

    private func remove(at index: Int) {
        guard list[row: index] != nil else { return }
        list.remove(row: index)
    }
}
