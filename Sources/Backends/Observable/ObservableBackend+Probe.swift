public import BindingKit

// The experiments' handle on this backend (see BindingKit's `ProbeSubject`):
// the orders view model and content views, bound with `bind(to:)` as
// `makeOrdersScreen` binds them, without the container, on the variant's
// `Observable`.

extension ObservableBackend {
    public func makeProbeSubject(in world: World) throws(ProbeRefusal) -> any ProbeSubject {
        ObservableProbeSubject(form: form, world: world)
    }
}

final class ObservableProbeSubject: ProbeSubject {
    private let viewModel: OrdersListViewModel
    private let form: ObservableForm

    init(form: ObservableForm, world: World) {
        self.form = form
        viewModel = OrdersListViewModel(
            loadOrdersUseCase: world.useCases.loadOrders, actions: nil, form: form, world: world)
    }

    var listenerStorage: String {
        switch form {
        case .repository: "an array of (weak observer, block) per output, never pruned"
        case .article: "one closure per output, replaced by the next observer"
        case .mainQueue: "an array of (weak observer, block) per output, never pruned; each delivery queued"
        }
    }

    func attachView(in world: World, wiring: ProbeWiring) throws(ProbeRefusal) -> any Screen {
        let capture: OrdersListView.Capture
        switch wiring {
        case .recommended: capture = .weakSelf
        case .strongSelf: capture = .strongSelf
        case .article: capture = .viewModel
        case .unownedSelf:
            throw ProbeRefusal(
                "not run: the observable keeps the block after the view goes (dead entries are never pruned), "
                    + "and the next set would run it on a dead unowned view and crash the process")
        }
        let view = OrdersListView(viewModel: viewModel, capture: capture, world: world)
        view.viewDidLoad()
        return view
    }

    /// `bind(to: viewModel)` once more: every output gets a second entry for
    /// the view (the repository's form), or the view's closure again (the
    /// article's).
    func bindAgain(_ view: any Screen) throws(ProbeRefusal) {
        (view as? OrdersListView)?.bind(to: viewModel)
    }

    func change(_ change: ProbeChange) throws(ProbeRefusal) {
        switch change {
        case .load: viewModel.didRefresh()
        case .rename(let row, let name): viewModel.didRenameItem(at: row, to: name)
        }
    }

    /// The entries of the outputs the content view observes.
    var registrations: Int { viewModel.title.entryCount + viewModel.items.entryCount }

    func describe(_ wiring: ProbeWiring) -> String {
        switch wiring {
        case .recommended: ""
        case .strongSelf: "observe(on: self) { self.… } without [weak self]"
        case .unownedSelf: "observe(on: self) { [unowned self] in … }"
        case .article: "the block reads viewModel.items.value (the article's warning)"
        }
    }
}
