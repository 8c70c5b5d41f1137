public import BindingKit

// The experiments' handle on this backend (see BindingKit's `ProbeSubject`):
// the orders view model and list views, given the view model through
// `IHaveViewModel` as `makeOrdersScreen` does in the variant, without the
// container: the default implementation's setter, the first try's
// (`setViewModelAsAtFirst(_:)`, which subscribes to nothing), or the setter
// every view writes itself (`Boilerplate.OrdersVC`). The wirings the setter
// does not write (a handler that uses the view instead of `this`; the
// article's own, which captures the view model) are written here, replacing
// the setter's; the first try has no handler to write them in.

extension AssociatedBackend {
    public func makeProbeSubject(in world: World) throws(ProbeRefusal) -> any ProbeSubject {
        AssociatedProbeSubject(world: world, variant: variant)
    }
}

/// The orders list view of either kind, as the probe uses it.
protocol ProbedOrdersView: Screen, IHaveAnyViewModel {
    var viewModel: OrdersVM? { get set }
    func viewModelChanged(_ viewModel: OrdersVM)
}

extension OrdersVC: ProbedOrdersView {}
extension Boilerplate.OrdersVC: ProbedOrdersView {}

final class AssociatedProbeSubject: ProbeSubject {
    private let variant: AssociatedBackend.Variant
    private let viewModel: OrdersVM
    /// The view models `rebindToNewViewModel` made.
    private var others: [OrdersVM] = []
    private let navigator = Navigator()
    private let world: World
    /// The bare listeners `listen` made: the event holds them weakly.
    private var listeners: [AnyObject] = []

    func keep(_ listener: AnyObject) { listeners.append(listener) }

    init(world: World, variant: AssociatedBackend.Variant) {
        self.world = world
        self.variant = variant
        viewModel = OrdersVM(ordersProvider: world.useCases.loadOrders)
        traceChanged(of: viewModel, in: world)
    }

    let listenerStorage = "a weak-keyed handler list"

    /// `viewController.viewModel = viewModel`, the variant's way.
    private func give(_ viewModel: OrdersVM, to view: any ProbedOrdersView) {
        switch (variant, view) {
        case (.firstTry, let view as OrdersVC): view.setViewModelAsAtFirst(viewModel)
        default: view.viewModel = viewModel
        }
    }

    func attachView(in world: World, wiring: ProbeWiring) throws(ProbeRefusal) -> any Screen {
        if variant == .firstTry, wiring != .recommended {
            throw ProbeRefusal("the first try subscribes to nothing: there is no handler to write otherwise")
        }
        let view: any ProbedOrdersView =
            variant == .boilerplate ? Boilerplate.OrdersVC(navigator: navigator) : OrdersVC(navigator: navigator)
        give(viewModel, to: view)
        traceViewModelSet(on: view, in: self.world)
        // The setter subscribed `view` with a handler that reads its view
        // model back through `this`; these replace it.
        let viewModel = self.viewModel
        switch wiring {
        case .recommended:
            break
        case .strongSelf:
            viewModel.changed.subscribe(view) { _ in
                if let viewModel = view.viewModel { view.viewModelChanged(viewModel) }
            }
        case .unownedSelf:
            viewModel.changed.subscribe(view) { [unowned view] _ in
                if let viewModel = view.viewModel { view.viewModelChanged(viewModel) }
            }
        case .article:
            viewModel.changed.subscribe(view) { this in this.viewModelChanged(viewModel) }
        }
        view.viewDidLoad()
        return view
    }

    /// `viewController.viewModel = viewModel` once more.
    func bindAgain(_ view: any Screen) throws(ProbeRefusal) {
        guard let view = view as? any ProbedOrdersView else { return }
        give(viewModel, to: view)
        traceViewModelSet(on: view, in: world)
    }

    func change(_ change: ProbeChange) throws(ProbeRefusal) {
        switch change {
        case .load: viewModel.loadOrders()
        case .rename(let row, let name): viewModel.renameOrder(at: row, to: name)
        case .remove(let row): viewModel.removeOrder(at: row)
        }
    }

    /// `viewController.viewModel = other`: the setter unsubscribes from the
    /// first (the first try's subscribed to nothing).
    func rebindToNewViewModel(_ view: any Screen) throws(ProbeRefusal) {
        let other = OrdersVM(ordersProvider: world.useCases.loadOrders)
        others.append(other)
        guard let view = view as? any ProbedOrdersView else { return }
        give(other, to: view)
        traceChanged(of: other, in: world)  // and the draw the setter made, if it subscribed
        if variant == .firstTry { traceViewModelSet(on: view, in: world) }
        other.loadOrders()
    }

    let rebindSource = "the article's: IHaveViewModel's setter"

    var registrations: Int { viewModel.changed.entryCount }

    func describe(_ wiring: ProbeWiring) -> String {
        switch wiring {
        case .recommended: ""
        case .strongSelf: "the handler uses the view, not `this`"
        case .unownedSelf: "the handler uses [unowned view]"
        case .article: "the article's handler captures viewModel"
        }
    }
}

extension AssociatedProbeSubject {
    /// `viewModel.changed.subscribe(listener) { this in … }`: the event says
    /// only that something changed (`Event<Void>`), so a handler reads the
    /// rows back; `unsubscribe(listener)` stops it.
    func listen(toRow row: Int, form: ProbeWiring, _ heard: @escaping (ProbeDelivery) -> Void)
        throws(ProbeRefusal) -> any ProbeListener
    {
        guard form == .recommended else { throw ProbeRefusal("the backend's Event is the article's") }
        let listener = AssociatedProbeListener(viewModel: viewModel)
        viewModel.changed.subscribe(listener) { [weak viewModel] _ in
            heard(
                ProbeDelivery(
                    delivered: nil,
                    readBack: {
                        viewModel.flatMap { $0.orders.indices.contains(row) ? $0.orders[row].name : nil }
                    }))
        }
        keep(listener)
        return listener
    }
}

/// A bare subscriber of the view model's `changed`.
final class AssociatedProbeListener: ProbeListener {
    private weak var viewModel: OrdersVM?

    init(viewModel: OrdersVM) {
        self.viewModel = viewModel
    }

    let stopping = "changed.unsubscribe(listener)"

    func stop() throws(ProbeRefusal) { viewModel?.changed.unsubscribe(self) }
}
