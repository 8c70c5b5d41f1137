public import BindingKit

// The experiments' handle on this backend (see BindingKit's `ProbeSubject`):
// the orders view model and list views, subscribed as `makeOrdersScreen`
// subscribes them, without the container.

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
        viewModel = OrdersVM(world: world)
    }

    /// Each view subscribes to `$title` and `$orders`: two entries a view.
    let listenerStorage = "weak-keyed dictionaries"

    func attachView(in world: World, wiring: ProbeWiring) throws(ProbeRefusal) -> any Screen {
        let view = OrdersVC(viewModel: viewModel, world: world, navigator: navigator)
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
        (view as? OrdersVC)?.bind(to: viewModel)
    }

    /// The view subscribes to a second view model's events, which loads; the
    /// first one's events still hold the view.
    func rebindToNewViewModel(_ view: any Screen) throws(ProbeRefusal) {
        let other = OrdersVM(world: world)
        others.append(other)
        (view as? OrdersVC)?.bind(to: other)
        other.loadOrders()
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
