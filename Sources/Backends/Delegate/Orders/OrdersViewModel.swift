import BindingKit
import Domain

/// Everything the orders view model can tell its view: one method per change,
/// which every view must implement (the article's complaint).
protocol OrdersViewModelDelegate: AnyObject {
    func didUpdate(title: String)
    /// The article's `didReceive(items: [SomeItem])`, its array a lazy map
    /// over the orders (`OrderRowViewModels`) that makes a row's view model
    /// when the row is read. An array would be a row view model per order,
    /// a million made in one job at load (what a Ctrl-C waits for) and kept;
    /// the view reads the items as it would an array (`items.count`,
    /// `items[i]`), and its list asks for the rows it draws.
    func didReceive(items: OrderRowViewModels)
    func didUpdate(item: OrderRowViewModel, at index: Int)
    func didRemoveItem(at index: Int)
    func didRequestDetails(_ details: OrderDetailsViewModel)
}

/// The orders list's view model; knows its view only as a weak delegate.
final class OrdersViewModel {
    weak var delegate: (any OrdersViewModelDelegate)?
    /// Seed 002: the container, a second listener of its own protocol.
    weak var listener: (any IContainer)?

    /// The orders and their rules (the title, which rows exist), BindingKit's.
    private var orders = OrdersList<Order>()
    private var loading: (any Cancellable)?
    private let loadOrders: LoadOrdersUseCase
    private let tracer: Tracer
    private let world: World

    init(world: World) {
        self.world = world
        self.loadOrders = world.useCases.loadOrders
        self.tracer = world.tracer
    }

    // MARK: Called by the view

    func load() {
        loading?.cancel()
        notify("didUpdate(title:)") { $0.didUpdate(title: orders.title) }
        container("showLoading()") { $0.showLoading() }
        loading = loadOrders.execute { [weak self] result in
            guard let self else { return }
            loading = nil
            switch result {
            case .success(let orders):
                self.orders.replace(with: orders)
                notify("didUpdate(title:)") { $0.didUpdate(title: self.orders.title) }
                let items = OrderRowViewModels(self.orders)
                notify("didReceive(items: \(items.count))") { $0.didReceive(items: items) }
            case .failure(let error):
                container("showError(error:)") { $0.showError(error: error.message) }
            }
            container("hideLoading()") { $0.hideLoading() }
        }
    }

    func selectItem(at index: Int) {
        guard let order = orders[row: index] else { return }
        let tracer = tracer
        let details = OrderDetailsViewModel(order: order, world: world) { [weak self] name in
            tracer.hop("didRename(_:)", from: OrderDetailsViewModel.self, to: self.map { type(of: $0) })
            self?.renameItem(at: index, to: name)
        }
        notify("didRequestDetails(_:)") { $0.didRequestDetails(details) }
    }

    func renameItem(at index: Int, to name: String) {
        guard let order = orders.update(row: index, { $0.name = name }) else { return }
        let item = OrderRowViewModel(order: order)
        notify("didUpdate(item:at: \(index))") { $0.didUpdate(item: item, at: index) }
    }

    func removeItem(at index: Int) {
        guard orders.remove(row: index) else { return }
        notify("didRemoveItem(at: \(index))") { $0.didRemoveItem(at: index) }
        notify("didUpdate(title:)") { $0.didUpdate(title: orders.title) }
    }

    // MARK: Delivery

    /// Calls the delegate, tracing the hop; a message to a gone delegate drops.
    private func notify(_ message: String, _ send: (any OrdersViewModelDelegate) -> Void) {
        tracer.hop(message, from: Self.self, to: delegate.map { type(of: $0) })
        delegate.map(send)
    }

    private func container(_ message: String, _ send: (any IContainer) -> Void) {
        tracer.hop(message, from: Self.self, to: listener.map { type(of: $0) })
        listener.map(send)
    }
}
