public import BindingKit
import Domain

// The experiments' handle on this backend (see BindingKit's `ProbeSubject`):
// the orders view model and content views, bound with `bindViewModel(_:)` as
// `makeOrdersScreen` binds them, without the container; and, for the two-way
// experiment, an order's name bound both ways to a field with `<<>>>`.

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
        viewModel = OrdersViewModel(world: world) { _ in }
    }

    let listenerStorage = "a strong listener list per Dynamic, no removal"

    func attachView(in world: World, wiring: ProbeWiring) throws(ProbeRefusal) -> any Screen {
        let capture: ListenerCapture =
            switch wiring {
            case .recommended: .weak
            case .strongSelf, .article: .strong
            // Runs: the playground's `unowned` reports the crash instead of
            // executing it (see `ListenerCapture`).
            case .unownedSelf: .unowned
            }
        let view = OrdersView(world: world, capture: capture)
        view.bindViewModel(viewModel)
        view.viewDidLoad()
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
        let next = OrdersViewModel(world: world) { _ in }
        nextViewModels.append(next)
        (view as? OrdersView)?.bindViewModel(next)
        next.refresh.execute()
    }

    func change(_ change: ProbeChange) throws(ProbeRefusal) {
        switch change {
        case .load: viewModel.refresh.execute()
        case .rename(let row, let name): viewModel.renameOrder.execute(value: (row, name))
        }
    }

    var registrations: Int { viewModel.listenerCount }

    func describe(_ wiring: ProbeWiring) -> String {
        switch wiring {
        case .recommended: ""
        case .strongSelf: "viewModel.title >>> { self.title.text = $0 }, without [weak self]"
        case .unownedSelf: "{ [unowned self] in … }: a call after the view died is reported, not run"
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
    private let field: TextField
    private(set) var modelSetCount = 0

    init(world: World) {
        viewModel = OrderDetailsViewModel(order: Order(id: 0, name: "Order"), world: world)
        field = TextField(prompt: "Name: ", name: "name", tracer: world.tracer)
        field.textDynamic.traced("text", by: field.name, in: world.tracer) { "\"\($0)\"" }
        viewModel.name >> { [weak self] _ in self?.modelSetCount += 1 }
        viewModel.name <<>>> field
    }

    deinit { releaseAssociations(of: [field]) }

    func userTypes(_ text: String) { field.type(text) }

    func modelSets(_ text: String) { viewModel.name.value = text }

    var fieldText: String { field.text }
    var modelValue: String { viewModel.name.value }
}
