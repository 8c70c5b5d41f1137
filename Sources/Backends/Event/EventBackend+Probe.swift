public import BindingKit

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
