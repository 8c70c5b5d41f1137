public import BindingKit
import Domain

// The experiments' handle on this backend (see BindingKit's `ProbeSubject`):
// the orders view model and list views, subscribed as `makeOrdersScreen`
// subscribes them, without the container. The wirings the article does not
// write (a handler that uses the view instead of `this`) are written here.

extension EventBackend {
    public func makeProbeSubject(in world: World) throws(ProbeRefusal) -> any ProbeSubject {
        EventProbeSubject(world: world)
    }
}

final class EventProbeSubject: ProbeSubject {
    private let viewModel: OrdersVM
    /// The view models `rebindToNewViewModel` made.
    private var others: [OrdersVM] = []
    private let navigator = Navigator()
    private let world: World
    /// The bare listeners `listen` made: the events hold them weakly.
    private var listeners: [AnyObject] = []
    /// The view model in the article's wrapper, once a listener asked for it.
    private var articleForm: ArticleFormOrdersVM?

    init(world: World) {
        self.world = world
        viewModel = OrdersVM(ordersProvider: world.useCases.loadOrders)
        traceEvents(of: viewModel, in: world)
    }

    /// Each view subscribes to `$title` and `$orders`: two entries a view.
    let listenerStorage = "weak-keyed dictionaries"

    func attachView(in world: World, wiring: ProbeWiring) throws(ProbeRefusal) -> any Screen {
        let view = OrdersVC(viewModel: viewModel, navigator: navigator)
        view.viewDidLoad()
        // `viewDidLoad` subscribed the article's way; subscribing again
        // replaces those handlers with these.
        switch wiring {
        case .recommended:
            break
        case .strongSelf:
            viewModel.$title.subscribe(view) { _, title in view.title.text = title }
            viewModel.$orders.subscribe(view) { _, orders in view.update(with: orders) }
        case .unownedSelf:
            // Safe here: the event checks its weak key before it calls a
            // handler, so a dead view's handler never runs.
            viewModel.$title.subscribe(view) { [unowned view] _, title in view.title.text = title }
            viewModel.$orders.subscribe(view) { [unowned view] _, orders in view.update(with: orders) }
        case .article:
            throw ProbeRefusal(
                "the article's subscription is the recommended one: the handler is handed the live "
                    + "subscriber as `this` and captures nothing")
        }
        return view
    }

    /// The view's subscriptions once more: they replace its handlers.
    func bindAgain(_ view: any Screen) throws(ProbeRefusal) {
        guard let view = view as? OrdersVC else { return }
        subscribe(view, to: viewModel)
    }

    /// The view subscribes to a second view model's events, which loads; the
    /// first one's events still hold the view.
    func rebindToNewViewModel(_ view: any Screen) throws(ProbeRefusal) {
        let other = OrdersVM(ordersProvider: world.useCases.loadOrders)
        traceEvents(of: other, in: world)
        others.append(other)
        if let view = view as? OrdersVC { subscribe(view, to: other) }
        other.loadOrders()
    }

    /// The subscriptions of `OrdersVC.viewDidLoad()`, to any view model: a
    /// reused view's. Nothing unsubscribes it from the one before.
    private func subscribe(_ view: OrdersVC, to viewModel: OrdersVM) {
        viewModel.$title.subscribe(view) { this, title in this.title.text = title }
        viewModel.$orders.subscribe(view) { this, orders in this.update(with: orders) }
    }

    func change(_ change: ProbeChange) throws(ProbeRefusal) {
        switch change {
        case .load: viewModel.loadOrders()
        case .rename(let row, let name): viewModel.renameOrder(at: row, to: name)
        case .remove(let row): viewModel.removeOrder(at: row)
        }
        switch change {
        case .load: articleForm?.loadOrders()
        case .rename(let row, let name): articleForm?.renameOrder(at: row, to: name)
        case .remove(let row): articleForm?.removeOrder(at: row)
        }
    }

    /// The entries of every event of the view model, dead ones included.
    var registrations: Int {
        viewModel.$title.entryCount + viewModel.$orders.entryCount + viewModel.$isLoading.entryCount
            + viewModel.$error.entryCount
    }

    func describe(_ wiring: ProbeWiring) -> String {
        switch wiring {
        case .recommended: ""
        case .strongSelf: "the handler uses the view, not `this`"
        case .unownedSelf: "the handler uses [unowned view]"
        case .article: "the article's subscribe(self) { this, … }"
        }
    }
}

extension Event {
    /// How many entries the article's `handlers` dictionary holds, dead ones
    /// included: read from the event's own storage, which the article keeps
    /// private, as the census reads it (a `Mirror`).
    var entryCount: Int {
        Mirror(reflecting: self).descendant("handlers").map { Mirror(reflecting: $0).children.count } ?? 0
    }
}

extension EventProbeSubject {
    /// `viewModel.$orders.subscribe(listener) { this, orders in … }`, the
    /// article's call; `unsubscribe(listener)` stops it. With `.article`, the
    /// same on a view model whose `orders` is the article's wrapper, which
    /// raises in its `didSet`, inside the write (see `ArticleObservable`):
    /// the subject's changes go to that view model from then on.
    func listen(toRow row: Int, form: ProbeWiring, _ heard: @escaping (ProbeDelivery) -> Void)
        throws(ProbeRefusal) -> any ProbeListener
    {
        let listener: EventProbeListener
        switch form {
        case .recommended:
            listener = EventProbeListener(event: viewModel.$orders)
            viewModel.$orders.subscribe(listener) { [weak viewModel] _, orders in
                heard(ProbeDelivery(delivered: orders.name(at: row), readBack: { viewModel?.orders.name(at: row) }))
            }
        case .article:
            let model = articleForm ?? ArticleFormOrdersVM(ordersProvider: world.useCases.loadOrders)
            if articleForm == nil { model.loadOrders() }
            articleForm = model
            listener = EventProbeListener(event: model.$orders)
            model.$orders.subscribe(listener) { [weak model] _, orders in
                heard(ProbeDelivery(delivered: orders.name(at: row), readBack: { model?.orders.name(at: row) }))
            }
        case .strongSelf, .unownedSelf:
            throw ProbeRefusal("a bare listener has no self to capture")
        }
        listeners.append(listener)
        return listener
    }
}

extension OrdersVM.OrderVMs {
    /// Row `row`'s name, nil past the end.
    fileprivate func name(at row: Int) -> String? {
        indices.contains(row) ? self[row].name : nil
    }
}

/// A bare subscriber of one event.
final class EventProbeListener: ProbeListener {
    private weak var event: Event<OrdersVM.OrderVMs>?

    init(event: Event<OrdersVM.OrderVMs>) {
        self.event = event
    }

    let stopping = "$orders.unsubscribe(listener)"

    func stop() throws(ProbeRefusal) { event?.unsubscribe(self) }
}

/// The article's "analogue of `@Published` in 15 lines" as it writes it:
/// `didSet { projectedValue.raise(wrappedValue) }`. In a class, the `didSet`
/// runs inside the write to the stored wrapper, so a handler that reads the
/// property back, or sets it, is a second access to it while it is being
/// modified: Swift's exclusivity check stops the program. (The backend's
/// `Observable` raises after the write instead: Glue/Observable.swift.)
@propertyWrapper
struct ArticleObservable<T> {
    let projectedValue = Event<T>()
    var wrappedValue: T {
        didSet { projectedValue.raise(wrappedValue) }
    }

    init(wrappedValue: T) {
        self.wrappedValue = wrappedValue
    }
}

/// The orders view model with its `orders` in the article's wrapper: the
/// same rules (BindingKit's `OrdersList`), loaded as the probe's is.
final class ArticleFormOrdersVM {
    @ArticleObservable private(set) var orders: OrdersVM.OrderVMs = OrdersList<Order>().lazy.map(OrderVM.init)
    private var list = OrdersList<Order>()
    private let ordersProvider: LoadOrdersUseCase
    private var loading: (any Cancellable)?

    init(ordersProvider: LoadOrdersUseCase) {
        self.ordersProvider = ordersProvider
    }

    func loadOrders() {
        loading = ordersProvider.execute { [weak self] result in
            guard let self, case .success(let orders) = result else { return }
            list.replace(with: orders)
            self.orders = list.lazy.map(OrderVM.init)
        }
    }

    func renameOrder(at index: Int, to name: String) {
        guard list.update(row: index, { $0.name = name }) != nil else { return }
        orders = list.lazy.map(OrderVM.init)
    }

    func removeOrder(at index: Int) {
        guard list.remove(row: index) else { return }
        orders = list.lazy.map(OrderVM.init)
    }
}
extension ArticleFormOrdersVM: CensusExempt {}
