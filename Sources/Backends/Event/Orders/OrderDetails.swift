import BindingKit
import Domain

/// One order's details. Nothing about it changes, so it has no event: the
/// view reads it once, when it loads.
final class OrderDetailsVM {
    let title: String
    let details: String
    private let tracker: LiveObjects.Token

    init(order: Order, world: World) {
        self.title = order.displayName
        self.details = order.detailsText
        self.tracker = world.alive.track(Self.self)
    }
}

/// The details screen: a title and one line.
final class OrderDetailsVC: Screen {
    let title: Label
    let details: Label
    private let viewModel: OrderDetailsVM
    private let tracer: Tracer
    private let tracker: LiveObjects.Token

    init(viewModel: OrderDetailsVM, world: World) {
        self.viewModel = viewModel
        self.title = Label(name: "title", tracer: world.tracer)
        self.details = Label(name: "details", tracer: world.tracer)
        self.tracer = world.tracer
        self.tracker = world.alive.track(Self.self)
    }

    var widgets: [any Widget] { [details] }

    func viewDidLoad() {
        tracer.hop("title, details", from: Self.self, to: OrderDetailsVM.self)
        title.text = viewModel.title
        details.text = viewModel.details
    }
}
