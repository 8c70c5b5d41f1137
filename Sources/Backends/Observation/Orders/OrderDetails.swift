import BindingKit
import Domain
import Observation

/// One order's details, read through the orders list's view model: one
/// source of truth, so that the details screen and the list show the same
/// order whoever changes it. Nothing is copied and nothing sent: a view that
/// renders `order` has read the list's `orders`, and hears of their changes.
@Observable final class OrderDetailsViewModel {
    @ObservationIgnored private let list: OrdersViewModel
    @ObservationIgnored private let index: Int
    /// The order as it was opened, should its row go while it is shown.
    @ObservationIgnored private let opened: Order
    @ObservationIgnored private let tracker: LiveObjects.Token

    init(list: OrdersViewModel, index: Int, order: Order, world: World) {
        self.list = list
        self.index = index
        self.opened = order
        self.tracker = world.alive.track(Self.self)
    }

    var order: Order { list.orders[row: index] ?? opened }
    var title: String { order.displayName }
    var details: String { order.detailsText }
}

/// The details screen: a title and one line, rendered from the view model.
final class OrderDetailsView: Screen, ObservingView {
    let title: Label
    let details: Label
    private let viewModel: OrderDetailsViewModel
    private let world: World
    private lazy var renderLoop = RenderLoop(view: self, model: OrderDetailsViewModel.self, world: world)
    private let tracker: LiveObjects.Token

    init(viewModel: OrderDetailsViewModel, world: World) {
        self.viewModel = viewModel
        self.world = world
        self.title = Label(name: "title", tracer: world.tracer)
        self.details = Label(name: "details", tracer: world.tracer)
        self.tracker = world.alive.track(Self.self)
    }

    var widgets: [any Widget] { [details] }

    func viewDidLoad() {
        renderLoop.start()
    }

    func render(into changes: inout WidgetChanges) {
        changes.set(title, \.text, to: viewModel.title)
        changes.set(details, \.text, to: viewModel.details)
    }
}
