public import BindingKit

// The experiments' handle on this backend (see BindingKit's `ProbeSubject`):
// the orders view model and content views, bound as `makeOrdersScreen` binds
// them in the variant's step — `bind(with:)`, the two appends written out, or
// `bind(unerased:)` —, without the container. At the steps before
// `AnyViewModel` the subject keeps the view model, as the container would.

extension OutputBackend {
    public func makeProbeSubject(in world: World) throws(ProbeRefusal) -> any ProbeSubject {
        OutputProbeSubject(world: world, variant: variant)
    }
}

final class OutputProbeSubject: ProbeSubject {
    private let variant: OutputBackend.Variant
    private let viewModel: OrdersViewModel
    /// The view models `rebindToNewViewModel` made.
    private var others: [OrdersViewModel] = []
    private let navigator = Navigator()
    private let world: World

    init(world: World, variant: OutputBackend.Variant) {
        self.world = world
        self.variant = variant
        viewModel = OrdersViewModel(loadOrders: world.useCases.loadOrders)
    }

    let listenerStorage = "a handler list, never pruned"

    /// Binds `view` to `viewModel` as the variant's screens bind, and tells the trace.
    private func bind(_ view: OrdersContentView, to viewModel: OrdersViewModel) {
        switch variant {
        case .anyViewModel:
            view.bind(with: viewModel)
            traceBinding(of: view)
        case .manual:
            viewModel.output.handlers.append({ [weak view] event in
                DispatchQueue.main.async {
                    view?.handle(event: event)
                }
            })
            view.output.handlers.append({ [weak viewModel] event in
                viewModel?.handle(event: event)
            })
            viewModel.start()
            traceBinding(of: view, toUnerased: viewModel)
        case .unerasedBind:
            view.bind(unerased: viewModel)
            traceBinding(of: view, toUnerased: viewModel)
        }
    }

    func attachView(in world: World, wiring: ProbeWiring) throws(ProbeRefusal) -> any Screen {
        let view = OrdersContentView(navigator: navigator)
        switch wiring {
        case .recommended:
            bind(view, to: viewModel)
        case .strongSelf:
            switch variant {
            case .anyViewModel: view.bindWithoutWeakSelf(with: viewModel)
            case .manual, .unerasedBind: view.bindWithoutWeakSelf(unerased: viewModel, manual: variant == .manual)
            }
        case .unownedSelf:
            // The handler stays on the view model's Output after the view
            // goes, and its next delivery reads a dead unowned reference: a
            // trap, which the experiment runs in a child process.
            view.bindUnowned(to: viewModel, manual: variant == .manual, erased: variant == .anyViewModel)
        case .article:
            throw ProbeRefusal(
                variant == .manual
                    ? "the article's two appends capture both sides [weak]: they make no cycle"
                    : "the article's bind(with:) captures both sides [weak]: it makes no cycle")
        }
        view.viewDidLoad()
        return view
    }

    /// The binding once more: a new handler each way, `start()` again (and,
    /// with `bind(with:)`, a new wrapper).
    func bindAgain(_ view: any Screen) throws(ProbeRefusal) {
        guard let view = view as? OrdersContentView else { return }
        bind(view, to: viewModel)
    }

    func change(_ change: ProbeChange) throws(ProbeRefusal) {
        switch change {
        case .load: viewModel.handle(event: .pullToRefresh)
        case .rename(let row, let name): viewModel.handle(event: .renameRow(row, name: name))
        case .remove(let row): viewModel.handle(event: .deleteRow(row))
        }
    }

    /// The view bound to `other`: nothing removes the handler on the first view model's Output.
    func rebindToNewViewModel(_ view: any Screen) throws(ProbeRefusal) {
        let other = OrdersViewModel(loadOrders: world.useCases.loadOrders)
        others.append(other)
        guard let view = view as? OrdersContentView else { return }
        bind(view, to: other)
    }

    var registrations: Int { viewModel.output.handlers.count }

    func describe(_ wiring: ProbeWiring) -> String {
        switch wiring {
        case .recommended: ""
        case .strongSelf:
            switch variant {
            case .anyViewModel: "bind(with:) without [weak self]"
            case .manual: "the two appends without [weak view] and [weak vm]"
            case .unerasedBind: "bind(unerased:) without [weak self] and [weak vm]"
            }
        case .unownedSelf:
            switch variant {
            case .anyViewModel: "bind(with:) with [unowned self]"
            case .manual: "the two appends with [unowned view]"
            case .unerasedBind: "bind(unerased:) with [unowned self]"
            }
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

    /// The variant's binding with `[unowned self]` where it has `[weak
    /// self]`: the view model's handler hops to the main queue (the run
    /// loop's, once erased) and reads the view there. Traced as the step's are.
    func bindUnowned<ViewModelType: ViewModel>(to vm: ViewModelType, manual: Bool, erased: Bool)
    where ViewModelType.ViewModelEvent == ViewModelEvent, ViewModelType.ViewEvent == ViewEvent {
        if erased, let erasedVM = AnyViewModel(with: vm) {
            erasedVM.output.handlers.append({ [unowned self] event in
                RunLoop.main.perform(inModes: [.default], block: { self.handle(event: event) })
            })
            output.handlers.append({ [weak erasedVM] event in erasedVM?.handle(event: event) })
            setAssociatedObject(self, probeViewModelSavingHandle, erasedVM, .retain)
            setupBindings()
            erasedVM.start()
            traceBinding(of: self, through: erasedVM)
            return
        }
        vm.output.handlers.append({ [unowned self] event in
            DispatchQueue.main.async { self.handle(event: event) }
        })
        output.handlers.append({ [weak vm] event in vm?.handle(event: event) })
        if !manual { setupBindings() }
        vm.start()
        traceBinding(of: self, toUnerased: vm)
    }

    /// The steps before `AnyViewModel` as they read when `[weak]` is
    /// forgotten: the two appends (`manual`), or `bind(unerased:)` with its
    /// `setupBindings()`; the view model's `Output` holds the view, the
    /// view's holds the view model. Traced as the step's are.
    func bindWithoutWeakSelf<ViewModelType: ViewModel>(unerased vm: ViewModelType, manual: Bool)
    where ViewModelType.ViewModelEvent == ViewModelEvent, ViewModelType.ViewEvent == ViewEvent {
        vm.output.handlers.append({ event in
            DispatchQueue.main.async {
                self.handle(event: event)
            }
        })
        output.handlers.append({ event in
            vm.handle(event: event)
        })
        if !manual { setupBindings() }
        vm.start()
        traceBinding(of: self, toUnerased: vm)
    }
}

extension OutputProbeSubject {
    /// `viewModel.output.handlers.append { event in … }`, without the main
    /// queue hop `bind(with:)` adds: it hears every event sent, in the send.
    /// A handler has only what the event carries (the view model keeps its
    /// orders to itself), and nothing removes a handler.
    func listen(toRow row: Int, form: ProbeWiring, _ heard: @escaping (ProbeDelivery) -> Void)
        throws(ProbeRefusal) -> any ProbeListener
    {
        guard form == .recommended else { throw ProbeRefusal("the backend's Output is the article's") }
        viewModel.output.handlers.append { event in
            let delivered: String??
            switch event {
            case .items(let rows): delivered = rows.indices.contains(row) ? rows[row].title : nil
            case .updateItem(let item, let index) where index == row: delivered = item.title
            default: delivered = .none
            }
            guard case .some(let title) = delivered else { return }
            heard(ProbeDelivery(delivered: title, readBack: { nil }))
        }
        return UnstoppableProbeListener("an Output's handlers are never removed: the article gives no way")
    }
}
