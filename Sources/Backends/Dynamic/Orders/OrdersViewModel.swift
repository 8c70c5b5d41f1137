import BindingKit
import Domain

/// One row of the orders list: the order, in words fit to show.
struct OrderRowViewModel: Equatable {
    let title: String

    init(order: Order) { title = order.displayName }
}

/// The orders list's view model: its state is `Dynamic`s a view binds to,
/// what the user may do is `Command`s a view hands its widgets. It never
/// knows its views.
///
/// Seed 002's container binds `isLoading` and `error` of the same model.
final class OrdersViewModel: ContainerViewModel {
    let orders = Dynamic<[OrderRowViewModel]>([])
    /// `orders | { … }`: a derived `Dynamic`, kept alive by `orders`.
    let title: Dynamic<String>
    let isLoading = Dynamic(false)
    let error = Dynamic<String?>(nil)

    /// Pull to refresh, and the first load.
    private(set) lazy var refresh = Command<Void> { [weak self] _, _ in self?.load() }.traced(
        "refresh", by: Self.self, in: world)
    /// The demo's row selection command: opens the order's details.
    private(set) lazy var openOrder = Command<Int> { [weak self] index, _ in self?.open(at: index) }.traced(
        "openOrder", by: Self.self, in: world)
    private(set) lazy var renameOrder = Command<(index: Int, name: String)> { [weak self] change, _ in
        self?.rename(at: change.index, to: change.name)
    }.traced("renameOrder", by: Self.self, in: world)
    private(set) lazy var removeOrder = Command<Int> { [weak self] index, _ in self?.remove(at: index) }.traced(
        "removeOrder", by: Self.self, in: world)

    private var models: [Order] = [] {
        didSet { orders.value = models.map(OrderRowViewModel.init) }
    }
    private var loading: (any Cancellable)?
    private let loadOrders: LoadOrdersUseCase
    /// How a details page is opened (the demo's `ApplicationController`
    /// pushing a page for a page model): given by the assembly.
    private let openPage: (OrderDetailsViewModel) -> Void
    private let world: World
    private let tracker: LiveObjects.Token

    init(world: World, openPage: @escaping (OrderDetailsViewModel) -> Void) {
        self.world = world
        self.loadOrders = world.useCases.loadOrders
        self.openPage = openPage
        self.title = orders | { $0.isEmpty ? "Orders" : "Orders (\($0.count))" }
        self.tracker = world.alive.track(Self.self)
        orders.traced("orders", by: Self.self, in: world) { "\($0.count) rows" }
        title.traced("title", by: Self.self, in: world) { "\"\($0)\"" }
        isLoading.traced("isLoading", by: Self.self, in: world)
        error.traced("error", by: Self.self, in: world) { $0.map { "\"\($0)\"" } ?? "nil" }
    }

    private func load() {
        loading?.cancel()
        isLoading.value = true
        loading = loadOrders.execute { [weak self] result in
            guard let self else { return }
            loading = nil
            switch result {
            case .success(let orders): models = orders
            case .failure(let error): self.error.value = error.message
            }
            isLoading.value = false
        }
    }

    private func open(at index: Int) {
        guard models.indices.contains(index) else { return }
        let details = OrderDetailsViewModel(order: models[index], world: world)
        // An edit of the name on the details page shows in the list.
        let id = models[index].id
        details.name >> { [weak self] name in self?.rename(id: id, to: name) }
        openPage(details)
    }

    private func rename(at index: Int, to name: String) {
        guard models.indices.contains(index) else { return }
        models[index].name = name
    }

    private func rename(id: Int, to name: String) {
        guard let index = models.firstIndex(where: { $0.id == id }), models[index].name != name else { return }
        models[index].name = name
    }

    private func remove(at index: Int) {
        guard models.indices.contains(index) else { return }
        models.remove(at: index)
    }
}
