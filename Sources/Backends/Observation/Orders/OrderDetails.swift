import BindingKit
import Domain
import Observation

/// One order's details.
@Observable final class OrderDetailsViewModel {
    private(set) var order: Order

    var title: String { order.displayName }
    var details: String { order.detailsText }

    @ObservationIgnored private let tracker: LiveObjects.Token

    init(order: Order, world: World) {
        self.order = order
        self.tracker = world.alive.track(Self.self)
    }
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
