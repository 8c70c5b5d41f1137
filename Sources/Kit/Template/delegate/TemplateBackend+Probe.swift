public import BindingKit

// The experiments' handle on this backend (see BindingKit's `ProbeSubject`):
// the orders view model and content views, wired as `makeOrdersScreen` wires
// them, without the container; and the capstone's (task 9), an
// `Observable<Int>` of Glue/ for its checks to observe, remove from and set.
// The kit wrote this file; you need not touch it.

extension TemplateBackend {
    public func makeObservable(_ value: Int) -> any ObservableUnderTest { Observable(value) }
}

extension Observable: ObservableUnderTest where Value == Int {}

extension TemplateBackend {
    public func makeProbeSubject(in world: World) throws(ProbeRefusal) -> any ProbeSubject {
        TemplateProbeSubject(world: world)
    }
}

final class TemplateProbeSubject: ProbeSubject {
    private let viewModel: OrdersViewModel
    /// The view models `rebindToNewViewModel` made.
    private var others: [OrdersViewModel] = []
    private let navigator = Navigator()
    private let world: World

    init(world: World) {
        self.world = world
        viewModel = OrdersViewModel(loadOrders: world.useCases.loadOrders)
    }

    let listenerStorage = "one weak delegate"

    func attachView(in world: World, wiring: ProbeWiring) throws(ProbeRefusal) -> any Screen {
        guard wiring == .recommended else {
            throw ProbeRefusal(
                "no capture to get wrong: the view model reaches its view through `weak var delegate`, "
                    + "declared once in the view model, and the view writes no closure for it")
        }
        // The view sets itself as the delegate as it is made, replacing the
        // one before (and its proxy): the slot is traced again.
        let view = OrdersContentView(viewModel: viewModel, navigator: navigator)
        traceDelegates(of: viewModel, in: self.world)
        view.viewDidLoad()
        return view
    }

    /// The view's binding line, `viewModel.delegate = self`, once more.
    func bindAgain(_ view: any Screen) throws(ProbeRefusal) {
        viewModel.delegate = view as? OrdersContentView
        traceDelegates(of: viewModel, in: world)
    }

    func change(_ change: ProbeChange) throws(ProbeRefusal) {
        switch change {
        case .load: viewModel.load()
        case .rename(let row, let name): viewModel.renameItem(at: row, to: name)
        case .remove(let row): viewModel.removeItem(at: row)
        }
    }

    /// The view is made for one view model (`let viewModel`): a new one can
    /// only make it its delegate, and the first keeps it as its own.
    func rebindToNewViewModel(_ view: any Screen) throws(ProbeRefusal) {
        let other = OrdersViewModel(loadOrders: world.useCases.loadOrders)
        others.append(other)
        other.delegate = view as? OrdersContentView
        traceDelegates(of: other, in: world)
        other.load()
    }

    /// One while the slot holds a view: the proxy in it does not count.
    var registrations: Int { unwrapped(viewModel.delegate) == nil ? 0 : 1 }

    func describe(_ wiring: ProbeWiring) -> String {
        wiring == .recommended ? "" : "weak var delegate"
    }
}
