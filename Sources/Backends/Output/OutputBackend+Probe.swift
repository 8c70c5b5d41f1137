public import BindingKit

// The experiments' handle on this backend (see BindingKit's `ProbeSubject`):
// the orders view model and content views, bound with `bind(with:)` as
// `makeOrdersScreen` binds them, without the container.

extension OutputBackend {
    public func makeProbeSubject(in world: World) throws(ProbeRefusal) -> any ProbeSubject {
        OutputProbeSubject(world: world)
    }
}

final class OutputProbeSubject: ProbeSubject {
    private let viewModel: OrdersViewModel
    /// The view models `rebindToNewViewModel` made.
    private var others: [OrdersViewModel] = []
    private let navigator = Navigator()
    private let world: World

    init(world: World) {
        self.world = world
        viewModel = OrdersViewModel(loadOrders: world.useCases.loadOrders)
    }

    let listenerStorage = "a handler list, never pruned"

    func attachView(in world: World, wiring: ProbeWiring) throws(ProbeRefusal) -> any Screen {
        let view = OrdersContentView(navigator: navigator)
        switch wiring {
        case .recommended:
            view.bind(with: viewModel)
            traceBinding(of: view)
        case .strongSelf: view.bindWithoutWeakSelf(with: viewModel)
        case .unownedSelf:
            throw ProbeRefusal(
                "not run: the handler stays on the view model's Output after the view goes, and its next "
                    + "delivery would touch a dead unowned reference and crash the process")
        case .article:
            throw ProbeRefusal("the article's bind(with:) captures both sides [weak]: it makes no cycle")
        }
        view.viewDidLoad()
        return view
    }

    /// `view.bind(with: viewModel)` once more: a new wrapper, a new handler each way, `start()` again.
    func bindAgain(_ view: any Screen) throws(ProbeRefusal) {
        guard let view = view as? OrdersContentView else { return }
        view.bind(with: viewModel)
        traceBinding(of: view)
    }

    func change(_ change: ProbeChange) throws(ProbeRefusal) {
        switch change {
        case .load: viewModel.handle(event: .pullToRefresh)
        case .rename(let row, let name): viewModel.handle(event: .renameRow(row, name: name))
        }
    }

    /// `view.bind(with: other)`: nothing removes the handler on the first view model's Output.
    func rebindToNewViewModel(_ view: any Screen) throws(ProbeRefusal) {
        let other = OrdersViewModel(loadOrders: world.useCases.loadOrders)
        others.append(other)
        guard let view = view as? OrdersContentView else { return }
        view.bind(with: other)
        traceBinding(of: view)
    }

    var registrations: Int { viewModel.output.handlers.count }

    func describe(_ wiring: ProbeWiring) -> String {
        switch wiring {
        case .recommended: ""
        case .strongSelf: "bind(with:) without [weak self]"
        case .unownedSelf: "bind(with:) with [unowned self]"
        case .article: "the article's bind(with:)"
        }
    }
}

/// Where the probe's `bind(with:)` keeps its view model on the view.
private let probeViewModelSavingHandle = AssociationKey<Any>("ViewModelSavingHandle (probe)")

extension View {
    /// `bind(with:)` as it reads when `[weak self]` and `[weak vm]` are
    /// forgotten: the view model's `Output` now holds the view, which holds
    /// the view model through its associated storage. Traced as the
    /// article's is.
    func bindWithoutWeakSelf<ViewModelType: ViewModel>(with vm: ViewModelType?)
    where ViewModelType.ViewModelEvent == ViewModelEvent, ViewModelType.ViewEvent == ViewEvent {
        guard let vm = AnyViewModel(with: vm) else { return }
        vm.output.handlers.append({ event in
            RunLoop.main.perform(
                inModes: [.default],
                block: {
                    self.handle(event: event)
                })
        })
        output.handlers.append({ event in
            vm.handle(event: event)
        })
        setAssociatedObject(self, probeViewModelSavingHandle, vm, .retain)
        setupBindings()
        vm.start()
        traceBinding(of: self, through: vm)
    }
}
