public import BindingKit

// The experiments' handle on this backend (see BindingKit's `ProbeSubject`):
// the orders view model and list views, bound with `bind(to:)` as
// `makeOrdersScreen` binds them, without the container, on the variant's
// `Observable`. The wirings the article warns of are written here, as a
// second way of binding the shipped view, never inside it.

extension ObservableBackend {
    public func makeProbeSubject(in world: World) throws(ProbeRefusal) -> any ProbeSubject {
        let form = self.form
        return world.perform { ObservableProbeSubject(form: form, world: world) }
    }
}

final class ObservableProbeSubject: ProbeSubject {
    private let viewModel: OrdersListViewModel
    /// The view models `rebindToNewViewModel` made.
    private var others: [OrdersListViewModel] = []
    private let form: ObservableForm
    private let world: World
    /// The bare listeners `listen` made: the observable holds them weakly.
    private var listeners: [AnyObject] = []

    func keep(_ listener: AnyObject) { listeners.append(listener) }

    init(form: ObservableForm, world: World) {
        self.form = form
        self.world = world
        viewModel = OrdersListViewModel(
            loadOrdersUseCase: world.useCases.loadOrders, mainQueue: form.viewModelQueue, form: form)
        // Traced in the subject's world, whichever view's world finds it first.
        traceOutputs(of: viewModel, tracer: world.tracer)
    }

    var listenerStorage: String {
        switch form {
        case .repository: "(weak observer, block) pairs, never pruned"
        case .article: "one closure, replaced by the next"
        case .mainQueue: "(weak observer, block) pairs, each queued"
        case .queuedNotifications: "(weak observer, block) pairs, notified queued"
        }
    }

    func attachView(in world: World, wiring: ProbeWiring) throws(ProbeRefusal) -> any Screen {
        let view = OrdersListView(viewModel: viewModel)
        switch wiring {
        case .recommended:
            view.viewDidLoad()
        case .strongSelf, .article:
            bind(view, to: viewModel, as: wiring)
            viewModel.viewDidLoad()
        case .unownedSelf:
            // Once the view is gone its block stays (the repository never
            // prunes; the article's closure stays until another observes),
            // and the next set reads a dead unowned reference: a trap, which
            // the experiment runs in a child process.
            viewModel.title.observe(on: view) { [unowned view] in view.title.text = $0 }
            viewModel.items.observe(on: view) { [unowned view] in view.list.reload(rows: $0) }
            viewModel.viewDidLoad()
        }
        return view
    }

    /// The view's `bind(to:)` written as the article warns against: its
    /// blocks without `[weak self]`, or reading `viewModel.items.value`.
    private func bind(_ view: OrdersListView, to viewModel: OrdersListViewModel, as wiring: ProbeWiring) {
        if wiring == .strongSelf {
            viewModel.title.observe(on: view) { view.title.text = $0 }
            viewModel.items.observe(on: view) { view.list.reload(rows: $0) }
        } else {
            viewModel.title.observe(on: view) { [weak view] in view?.title.text = $0 }
            viewModel.items.observe(on: view) { [weak view] _ in view?.list.reload(rows: viewModel.items.value) }
        }
    }

    /// `bind(to: viewModel)` once more: every output gets a second entry for
    /// the view (the repository's form), or the view's closure again (the
    /// article's).
    func bindAgain(_ view: any Screen) throws(ProbeRefusal) {
        (view as? OrdersListView)?.bind(to: viewModel)
    }

    /// The article's reused cell: `remove(observer:)` from the old view
    /// model, then bind the new one. (The article's form cannot remove: the
    /// old one keeps its closure to the view.)
    func rebindToNewViewModel(_ view: any Screen) throws(ProbeRefusal) {
        guard let view = view as? OrdersListView else { return }
        let old = others.last ?? viewModel
        let other = OrdersListViewModel(
            loadOrdersUseCase: world.useCases.loadOrders, mainQueue: form.viewModelQueue, form: form)
        traceOutputs(of: other, tracer: world.tracer)
        others.append(other)
        old.title.remove(observer: view)
        old.items.remove(observer: view)
        view.bind(to: other)
    }

    /// The reused cell that forgets `remove(observer:)`: the old view
    /// model's blocks for the view stay, and its next set reaches the view.
    func rebindForgettingUnbind(_ view: any Screen) throws(ProbeRefusal) {
        guard let view = view as? OrdersListView else { return }
        let other = OrdersListViewModel(
            loadOrdersUseCase: world.useCases.loadOrders, mainQueue: form.viewModelQueue, form: form)
        traceOutputs(of: other, tracer: world.tracer)
        others.append(other)
        view.bind(to: other)
    }

    let rebindSource = "the repository's reused cell: remove(observer:), then bind"

    func change(_ change: ProbeChange) throws(ProbeRefusal) {
        switch change {
        case .load: viewModel.didRefresh()
        case .rename(let row, let name): viewModel.didRenameItem(at: row, to: name)
        case .remove(let row): viewModel.didRemoveItem(at: row)
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

extension ListWidget {
    /// What the orders list view's `updateItems(_:)` does with the items.
    fileprivate func reload(rows items: OrderRowViewModels) {
        reload(count: items.count) { ListWidget.Row(items[$0].title) }
    }
}

extension ObservableProperty {
    /// How many blocks the output keeps, dead observers' included, read from
    /// its own storage: the entries of `observers`, or the article's one
    /// `closure`.
    var entryCount: Int {
        let storage = Mirror(reflecting: self)
        guard let entries = storage.descendant("observers") ?? storage.descendant("closure") else { return 0 }
        // An array's elements, or an optional's one value.
        return Mirror(reflecting: entries).children.count
    }
}

/// `Observable` under a name of its own, for code that also imports Swift's
/// Observation (whose `Observable` takes the name there, and this module's
/// name is also its backend's, so `ObservableBackend.Observable` does not
/// resolve): the benchmark.
public typealias RepositoryObservable<Value> = Observable<Value>

extension ObservableProbeSubject {
    /// `viewModel.items.observe(on: listener) { … }`, the repository's call:
    /// it replays at once, then hears every set; `remove(observer:)` stops it
    /// (the article's form has nothing to remove).
    func listen(toRow row: Int, form: ProbeWiring, _ heard: @escaping (ProbeDelivery) -> Void)
        throws(ProbeRefusal) -> any ProbeListener
    {
        guard form == .recommended else {
            throw ProbeRefusal("the article's Observable is a variant of its own: observable-article")
        }
        let items = viewModel.items
        let listener = ObservableProbeListener(items: items)
        items.observe(on: listener) { [weak items] rows in
            heard(
                ProbeDelivery(
                    delivered: rows.indices.contains(row) ? rows[row].title : nil,
                    readBack: { items.flatMap { $0.value.indices.contains(row) ? $0.value[row].title : nil } }))
        }
        keep(listener)
        return listener
    }
}

/// A bare observer of one output.
final class ObservableProbeListener: ProbeListener {
    private weak var items: (any ObservableProperty<OrderRowViewModels>)?

    init(items: any ObservableProperty<OrderRowViewModels>) {
        self.items = items
    }

    let stopping = "items.remove(observer: listener)"

    func stop() throws(ProbeRefusal) { items?.remove(observer: self) }
}
