public import BindingKit

// The experiments' handle on this backend (see BindingKit's `ProbeSubject`):
// the orders view model and content views, wired as `makeOrdersScreen` wires
// them, without the container (the loading events a view passes on to it drop).

extension EventEnumBackend {
    public func makeProbeSubject(in world: World) throws(ProbeRefusal) -> any ProbeSubject {
        EventEnumProbeSubject(world: world)
    }
}

final class EventEnumProbeSubject: ProbeSubject {
    private let viewModel: OrdersViewModel
    /// The view models `rebindToNewViewModel` made.
    private var others: [OrdersViewModel] = []
    private let navigator = Navigator()
    private let world: World

    init(world: World) {
        self.world = world
        viewModel = OrdersViewModel(loadOrders: world.useCases.loadOrders)
    }

    let listenerStorage = "one weak listener"

    func attachView(in world: World, wiring: ProbeWiring) throws(ProbeRefusal) -> any Screen {
        guard wiring == .recommended else {
            throw ProbeRefusal(
                "no capture to get wrong: the view model reaches its view through `weak var listener`, "
                    + "declared once in the view model, and the view writes no closure for it")
        }
        // The view sets itself as the listener as it is made, replacing the
        // one before (and its stand-in): the slot is traced again.
        let view = OrdersContentView(viewModel: viewModel, navigator: navigator)
        traceSlots(of: viewModel, in: self.world)
        traceSlots(of: view, in: world)
        view.viewDidLoad()
        return view
    }

    /// The view's binding line, `viewModel.listener = self`, once more.
    func bindAgain(_ view: any Screen) throws(ProbeRefusal) {
        viewModel.listener = view as? OrdersContentView
        traceSlots(of: viewModel, in: world)
    }

    func change(_ change: ProbeChange) throws(ProbeRefusal) {
        switch change {
        case .load: viewModel.handle(event: .pullToRefresh)
        case .rename(let row, let name): viewModel.handle(event: .renameRow(row, name: name))
        case .remove(let row): viewModel.handle(event: .deleteRow(row))
        }
    }

    /// The view is made for one view model (`let viewModel`): a new one can
    /// only make it its listener, and the first keeps it as its own.
    func rebindToNewViewModel(_ view: any Screen) throws(ProbeRefusal) {
        let other = OrdersViewModel(loadOrders: world.useCases.loadOrders)
        others.append(other)
        other.listener = view as? OrdersContentView
        traceSlots(of: other, in: world)
        other.handle(event: .pullToRefresh)
    }

    /// One while the slot holds a view: the stand-in in it does not count.
    var registrations: Int { unwrapped(viewModel.listener) == nil ? 0 : 1 }

    func describe(_ wiring: ProbeWiring) -> String {
        wiring == .recommended ? "" : "weak var listener"
    }
}
