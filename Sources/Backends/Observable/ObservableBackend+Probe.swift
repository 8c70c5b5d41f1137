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
    /// The view models `rebindToNewViewModel` made.
    private var others: [OrdersListViewModel] = []
    private let form: ObservableForm
    private let world: World

    init(form: ObservableForm, world: World) {
        self.form = form
        self.world = world
        viewModel = OrdersListViewModel(
            loadOrdersUseCase: world.useCases.loadOrders, actions: nil, form: form, world: world)
    }

    var listenerStorage: String {
        switch form {
        case .repository: "(weak observer, block) pairs, never pruned"
        case .article: "one closure, replaced by the next"
        case .mainQueue: "(weak observer, block) pairs, each queued"
        }
    }

    func attachView(in world: World, wiring: ProbeWiring) throws(ProbeRefusal) -> any Screen {
        let capture: OrdersListView.Capture
        switch wiring {
        case .recommended: capture = .weakSelf
        case .strongSelf: capture = .strongSelf
        case .article: capture = .viewModel
        case .unownedSelf:
            let kept =
                form == .article
                ? "keeps the last closure after the view goes (until another observes)"
                : "keeps the block after the view goes (dead entries are never pruned)"
            throw ProbeRefusal(
                "not run: the observable \(kept), and the next set would run it on a dead unowned view and "
                    + "crash the process")
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

    /// Seed 004's reused cell: `remove(observer:)` from the old view model,
    /// then bind the new one. (The article's form cannot remove: the old one
    /// keeps its closure to the view.)
    func rebindToNewViewModel(_ view: any Screen) throws(ProbeRefusal) {
        let other = OrdersListViewModel(
            loadOrdersUseCase: world.useCases.loadOrders, actions: nil, form: form, world: world)
        others.append(other)
        (view as? OrdersListView)?.rebind(to: other)
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
