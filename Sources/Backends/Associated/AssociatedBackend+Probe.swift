public import BindingKit

// The experiments' handle on this backend (see BindingKit's `ProbeSubject`):
// the orders view model and list views, given the view model through
// `IHaveViewModel` as `makeOrdersScreen` does, without the container. The
// wirings the setter does not write (a handler that uses the view instead of
// `this`; the article's own, which captures the view model) are written
// here, replacing the setter's.

extension AssociatedBackend {
    public func makeProbeSubject(in world: World) throws(ProbeRefusal) -> any ProbeSubject {
        AssociatedProbeSubject(world: world)
    }
}

final class AssociatedProbeSubject: ProbeSubject {
    private let viewModel: OrdersVM
    /// The view models `rebindToNewViewModel` made.
    private var others: [OrdersVM] = []
    private let navigator = Navigator()
    private let world: World

    init(world: World) {
        self.world = world
        viewModel = OrdersVM(ordersProvider: world.useCases.loadOrders)
        traceChanged(of: viewModel, in: world)
    }

    let listenerStorage = "a weak-keyed handler list"

    func attachView(in world: World, wiring: ProbeWiring) throws(ProbeRefusal) -> any Screen {
        let view = OrdersVC(navigator: navigator)
        view.viewModel = viewModel
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
        guard let view = view as? OrdersVC else { return }
        view.viewModel = viewModel
        traceViewModelSet(on: view, in: world)
    }

    func change(_ change: ProbeChange) throws(ProbeRefusal) {
        switch change {
        case .load: viewModel.loadOrders()
        case .rename(let row, let name): viewModel.renameOrder(at: row, to: name)
        }
    }

    /// `viewController.viewModel = other`: the setter unsubscribes from the first.
    func rebindToNewViewModel(_ view: any Screen) throws(ProbeRefusal) {
        let other = OrdersVM(ordersProvider: world.useCases.loadOrders)
        others.append(other)
        (view as? OrdersVC)?.viewModel = other
        traceChanged(of: other, in: world)  // and the draw the setter made
        other.loadOrders()
    }

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
