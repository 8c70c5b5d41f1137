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
    private let navigator = Navigator()

    init(world: World) {
        viewModel = OrdersViewModel(loadOrders: world.useCases.loadOrders)
    }

    // TASK 1: say how your view model keeps its listeners, in a few words.
    let listenerStorage = "yours to say"

    func attachView(in world: World, wiring: ProbeWiring) throws(ProbeRefusal) -> any Screen {
        guard wiring == .recommended else {
            throw ProbeRefusal("this kit's wirings are yours to write (TemplateBackend+Probe.swift)")
        }
        let view = OrdersContentView(viewModel: viewModel, navigator: navigator)
        world.willShow(view)
        view.viewDidLoad()
        return view
    }

    /// TASK 3: your view's binding line, once more (the `bind-twice` experiment).
    func bindAgain(_ view: any Screen) throws(ProbeRefusal) {
        throw ProbeRefusal("binding again is yours to write (TemplateBackend+Probe.swift)")
    }

    func change(_ change: ProbeChange) throws(ProbeRefusal) {
        switch change {
        case .load: viewModel.load()
        case .rename(let row, let name): viewModel.renameItem(at: row, to: name)
        case .remove(let row): viewModel.removeItem(at: row)
        }
    }

    /// TASK 3: how many entries your view model keeps for its listeners, read
    /// from its own storage (the `leftovers` and `bind-twice` experiments).
    var registrations: Int { 0 }
}
