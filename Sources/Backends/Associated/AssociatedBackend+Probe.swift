public import BindingKit

// The experiments' handle on this backend (see BindingKit's `ProbeSubject`):
// the orders view model and list views, given the view model through
// `IHaveViewModel` as `makeOrdersScreen` does, without the container.

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
        viewModel = OrdersVM(world: world)
    }

    let listenerStorage = "a weak-keyed handler list"

    func attachView(in world: World, wiring: ProbeWiring) throws(ProbeRefusal) -> any Screen {
        let view = OrdersVC(world: world, navigator: navigator)
        view.viewModel = viewModel
        // The default implementation subscribed `view` with a handler that
        // reads its view model back through `this`; these replace it.
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
        (view as? OrdersVC)?.viewModel = viewModel
    }

    func change(_ change: ProbeChange) throws(ProbeRefusal) {
        switch change {
        case .load: viewModel.loadOrders()
        case .rename(let row, let name): viewModel.renameOrder(at: row, to: name)
        }
    }

    /// `viewController.viewModel = other`: the setter unsubscribes from the first.
    func rebindToNewViewModel(_ view: any Screen) throws(ProbeRefusal) {
        let other = OrdersVM(world: world)
        others.append(other)
        (view as? OrdersVC)?.viewModel = other
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
