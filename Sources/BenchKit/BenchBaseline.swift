// The bench's baseline lane: the orders screen in the same world as every
// backend (a `Sandbox`, its clock and tracer, the data layer's use cases,
// BindingKit's `OrdersList`, `EditedRows`, `Label`, `ListWidget`, `Spinner`,
// `Alert`), with the view model calling its views directly: no binding at
// all. What a backend's figure costs above the baseline's is its approach;
// the baseline's own figure is the playground's share of every backend's.
//
// Not a backend a user can pick: it is not in `BackendRegistry` (so not in
// `:backends`, `all`, `--backend`), and it lives here, in the bench's target,
// which the product does not link (`.ci/run` checks with nm). It has no
// movies screen: the bench measures the orders screen through it only.
import BindingKit
import Domain

/// The baseline lane as a `BindingBackend`, so that the host runs it as it
/// runs a backend (`Sandbox`, `Lane`, `Device`).
struct BaselineBackend: BindingBackend {
    static let id = "baseline"

    let info = BackendInfo(
        id: BaselineBackend.id, summary: "the bench's baseline: a direct call from view model to view",
        article: "none: the bench's own lane (Docs/performance.md)", year: 2026)

    func makeOrdersScreen(in world: World, navigator: Navigator) -> any Screen {
        let viewModel = BaselineOrdersViewModel(loadOrders: world.useCases.loadOrders)
        return BaselineOrdersView(viewModel: viewModel, navigator: navigator)
    }

    func makeMoviesScreen(in world: World, navigator: Navigator) -> any Screen { BaselineNoMoviesScreen() }

    func makeProbeSubject(in world: World) throws(ProbeRefusal) -> any ProbeSubject {
        BaselineProbeSubject(world: world)
    }
}

/// A view the view model calls without a reference count: `unowned(unsafe)`,
/// a pointer. Safe here: the views outlive their view model's calls (the
/// lane's screen holds its view model; the bench holds its views and the
/// subject together, and drops them together).
struct BaselineViewSlot {
    unowned(unsafe) let view: BaselineOrdersView
}

/// The orders view model: the shared `OrdersList`, and its views called
/// directly, one after the other.
final class BaselineOrdersViewModel {
    private(set) var views: [BaselineViewSlot] = []
    private var orders = OrdersList<Order>()
    private var loading: (any Cancellable)?
    private let loadOrders: LoadOrdersUseCase

    init(loadOrders: LoadOrdersUseCase) {
        self.loadOrders = loadOrders
    }

    func attach(_ view: BaselineOrdersView) { views.append(BaselineViewSlot(view: view)) }

    func load() {
        loading?.cancel()
        for slot in views {
            slot.view.show(title: orders.title)
            slot.view.showLoading()
        }
        loading = loadOrders.execute { [weak self] result in
            guard let self else { return }
            loading = nil
            switch result {
            case .success(let orders):
                self.orders.replace(with: orders)
                for slot in views {
                    slot.view.show(title: self.orders.title)
                    slot.view.show(items: OrderRowViewModels(self.orders))
                }
            case .failure(let error):
                for slot in views { slot.view.showError(error.message) }
            }
            for slot in views { slot.view.hideLoading() }
        }
    }

    func selectItem(at index: Int) -> BaselineOrderDetailsViewModel? {
        guard let order = orders[row: index] else { return nil }
        return BaselineOrderDetailsViewModel(order: order) { [weak self] name in
            self?.renameItem(at: index, to: name)
        }
    }

    func renameItem(at index: Int, to name: String) {
        guard let order = orders.update(row: index, { $0.name = name }) else { return }
        let item = OrderRowViewModel(order: order)
        for slot in views { slot.view.update(item: item, at: index) }
    }

    func removeItem(at index: Int) {
        guard orders.remove(row: index) else { return }
        for slot in views {
            slot.view.removeItem(at: index)
            slot.view.show(title: orders.title)
        }
    }
}

/// The orders screen: a title, a spinner, the list and an alert, as every
/// backend's container and content view make it.
final class BaselineOrdersView: Screen {
    let title = Label("Orders", name: "title")
    let spinner = Spinner()
    let list = ListWidget()
    let alert = Alert()
    private var items = EditedRows(OrderRowViewModels())
    private let viewModel: BaselineOrdersViewModel
    private weak var navigator: Navigator?

    init(viewModel: BaselineOrdersViewModel, navigator: Navigator?) {
        self.viewModel = viewModel
        self.navigator = navigator
        viewModel.attach(self)
    }

    var widgets: [any Widget] { [spinner, list, alert] }

    func viewDidLoad() {
        list.onRefresh = { [unowned self] in viewModel.load() }
        list.onSelect = { [unowned self] index in
            guard let details = viewModel.selectItem(at: index) else { return }
            navigator?.push(BaselineOrderDetailsView(viewModel: details))
        }
        list.onEdit = { [unowned self] index, name in viewModel.renameItem(at: index, to: name) }
        list.onDelete = { [unowned self] index in viewModel.removeItem(at: index) }
        list.pullToRefresh()
    }

    func show(title: String) { self.title.text = title }
    func showLoading() { spinner.startAnimating() }
    func hideLoading() { spinner.stopAnimating() }
    func showError(_ message: String) { alert.present(title: "Error", message: message) }

    func show(items: OrderRowViewModels) {
        self.items = EditedRows(items)
        list.reload(count: items.count) { [unowned self] index in .init(self.items[row: index]?.title ?? "") }
    }

    @inline(never)
    func update(item: OrderRowViewModel, at index: Int) {
        guard items.replace(row: index, with: item) else { return }
        list.reload(dataSourceRow: index, with: .init(item.title))
    }

    func removeItem(at index: Int) {
        guard items.remove(row: index) else { return }
        list.delete(dataSourceRow: index)
    }
}

/// One order's details, its name editable; a rename goes back to the list.
final class BaselineOrderDetailsViewModel {
    private(set) var order: Order
    private let didRename: (String) -> Void

    init(order: Order, didRename: @escaping (String) -> Void) {
        self.order = order
        self.didRename = didRename
    }

    func rename(to name: String) {
        order.name = name
        didRename(name)
    }
}

/// The details screen on BindingKit's `OrderDetailsOutlets`, told directly.
final class BaselineOrderDetailsView: Screen {
    let outlets = OrderDetailsOutlets()
    private let viewModel: BaselineOrderDetailsViewModel

    init(viewModel: BaselineOrderDetailsViewModel) {
        self.viewModel = viewModel
    }

    var title: Label { outlets.title }
    var widgets: [any Widget] { outlets.widgets }

    func viewDidLoad() {
        outlets.nameField.onTextChange = { [unowned self] name in
            viewModel.rename(to: name)
            show()
        }
        outlets.nameField.text = viewModel.order.name
        show()
    }

    private func show() {
        outlets.title.text = viewModel.order.displayName
        outlets.details.text = viewModel.order.detailsText
    }
}

/// The baseline measures the orders screen only.
final class BaselineNoMoviesScreen: Screen {
    let title = Label("Movies (the bench's baseline has no movies screen)", name: "title")
    var widgets: [any Widget] { [] }
}

/// The experiments' handle on the baseline, as the bench uses a backend's:
/// one view model, views attached to it, changes through its input.
final class BaselineProbeSubject: ProbeSubject {
    private let viewModel: BaselineOrdersViewModel
    private var views: [BaselineOrdersView] = []

    init(world: World) {
        viewModel = BaselineOrdersViewModel(loadOrders: world.useCases.loadOrders)
    }

    let listenerStorage = "an array of views, called directly"

    func attachView(in world: World, wiring: ProbeWiring) throws(ProbeRefusal) -> any Screen {
        guard wiring == .recommended else { throw ProbeRefusal("the baseline has one wiring: a direct call") }
        let view = BaselineOrdersView(viewModel: viewModel, navigator: nil)
        views.append(view)
        view.viewDidLoad()
        return view
    }

    func bindAgain(_ view: any Screen) throws(ProbeRefusal) {
        throw ProbeRefusal("the baseline binds nothing")
    }

    func change(_ change: ProbeChange) throws(ProbeRefusal) {
        switch change {
        case .load: viewModel.load()
        case .rename(let row, let name): viewModel.renameItem(at: row, to: name)
        case .remove(let row): viewModel.removeItem(at: row)
        }
    }

    var registrations: Int { viewModel.views.count }
}
