public import BindingKit
import Domain

// The experiments' handle on this backend (see BindingKit's `ProbeSubject`):
// the orders view model and content views, bound as `makeOrdersScreen`
// binds them (`viewDidLoad()`, then `viewDidAppear()`), without the
// container; and, for the two-way experiment, an order's name bound both
// ways to a field with `<<>>>`. The wirings the article warns of (a strong
// `self`, an `unowned` one) are written here, as one more listener of the
// view's title: a `Dynamic` adds listeners, it never replaces one.

extension DynamicBackend {
    public func makeProbeSubject(in world: World) throws(ProbeRefusal) -> any ProbeSubject {
        DynamicProbeSubject(world: world)
    }
}

final class DynamicProbeSubject: ProbeSubject {
    private let viewModel: OrdersViewModel
    /// The view models `rebindToNewViewModel` made, kept as a cell's next
    /// rows would be.
    private var nextViewModels: [OrdersViewModel] = []
    private let world: World

    init(world: World) {
        self.world = world
        viewModel = OrdersViewModel(loadOrders: world.useCases.loadOrders) { _ in }
        traceObject(viewModel, in: world)
    }

    let listenerStorage = "a strong listener list per Dynamic, no removal"

    func attachView(in world: World, wiring: ProbeWiring) throws(ProbeRefusal) -> any Screen {
        let view = OrdersView(viewModel: viewModel)
        traceObject(view, in: world)
        view.viewDidLoad()
        switch wiring {
        case .recommended:
            break
        case .strongSelf, .article:
            // The article's first listener, which it says leaks.
            viewModel.title >>> { view.title.text = $0 }
        case .unownedSelf:
            // The article's second try: after the view died, the next title
            // reads a dead unowned reference and traps (the experiment runs
            // it in a child process).
            viewModel.title >>> { [unowned view] title in view.title.text = title }
        }
        view.viewDidAppear()
        return view
    }

    /// `bindViewModel(_:)` once more: every `>>>` adds a listener again, and
    /// a new list helper replaces the old one, whose listener stays.
    func bindAgain(_ view: any Screen) throws(ProbeRefusal) {
        (view as? OrdersView)?.bindViewModel(viewModel)
    }

    /// `bindViewModel(_:)` with a new view model: the view's listeners on
    /// the old one stay, as nothing can remove them.
    func rebindToNewViewModel(_ view: any Screen) throws(ProbeRefusal) {
        let next = OrdersViewModel(loadOrders: world.useCases.loadOrders) { _ in }
        traceObject(next, in: world)
        nextViewModels.append(next)
        if let view = view as? OrdersView {
            view.bindViewModel(next)
            traceObject(view, in: world)
        }
        next.refresh.execute()
    }

    let rebindSource = "the demo's bindViewModel(_:), given the next view model"

    func change(_ change: ProbeChange) throws(ProbeRefusal) {
        switch change {
        case .load: viewModel.refresh.execute()
        case .rename(let row, let name): viewModel.renameOrder.execute(value: (row, name))
        case .remove(let row): viewModel.removeOrder.execute(value: row)
        }
    }

    /// Every listener the view model's `Dynamic`s hold: all ever added.
    var registrations: Int {
        viewModel.orders.listenerCount + viewModel.title.listenerCount + viewModel.isLoading.listenerCount
            + viewModel.error.listenerCount
    }

    func describe(_ wiring: ProbeWiring) -> String {
        switch wiring {
        case .recommended: ""
        case .strongSelf: "viewModel.title >>> { self.title.text = $0 }, without [weak self]"
        case .unownedSelf: "viewModel.title >>> { [unowned self] in self.title.text = $0 }, the article's second try"
        case .article: "the article's first listener, { self.label.text = $0 }, which it says leaks"
        }
    }

    func attachTwoWayField(in world: World) throws(ProbeRefusal) -> any TwoWayProbe {
        DynamicTwoWayProbe(world: world)
    }
}

/// An order's details view model, its `name` bound both ways to a field, as
/// the order details screen binds them.
final class DynamicTwoWayProbe: TwoWayProbe {
    private let viewModel: OrderDetailsViewModel
    private let field = TextField(prompt: "Name: ", name: "name")
    private(set) var modelSetCount = 0

    init(world: World) {
        viewModel = OrderDetailsViewModel(order: Order(id: 0, name: "Order"))
        traceObject(viewModel, in: world)
        traceWidgets([field], TraceSession.of(world))
        viewModel.name >> { [weak self] _ in self?.modelSetCount += 1 }
        viewModel.name <<>>> field
    }

    deinit { releaseAssociations(of: [field]) }

    func userTypes(_ text: String) { field.type(text) }

    func modelSets(_ text: String) { viewModel.name.value = text }

    var fieldText: String { field.text }
    var modelValue: String { viewModel.name.value }
}

extension DynamicProbeSubject {
    /// `viewModel.orders >> { rows in … }`, the article's `addListener`:
    /// it hears every later set, and nothing can remove it.
    func listen(toRow row: Int, form: ProbeWiring, _ heard: @escaping (ProbeDelivery) -> Void)
        throws(ProbeRefusal) -> any ProbeListener
    {
        guard form == .recommended else { throw ProbeRefusal("the backend's Dynamic is the article's") }
        let orders = viewModel.orders
        orders >> { [weak orders] rows in
            heard(
                ProbeDelivery(
                    delivered: rows.indices.contains(row) ? rows[row].title : nil,
                    readBack: { orders.flatMap { $0.value.indices.contains(row) ? $0.value[row].title : nil } }))
        }
        return UnstoppableProbeListener("a Dynamic has no way to remove a listener (the article's, and its demo's)")
    }

    /// `button >> first; button >> second`: the article's `setCommand`
    /// meets a command already there and calls `fatalError`.
    func bindTwoCommandsToOneButton() throws(ProbeRefusal) -> String {
        var ran: [String] = []
        let first = Command<Void> { _, _ in ran.append("the first") }
        let second = Command<Void> { _, _ in ran.append("the second") }
        let button = Button("Next")
        button >> first
        button >> second
        button.tap()
        return ran.isEmpty ? "neither" : ran.joined(separator: " and ")
    }
}
