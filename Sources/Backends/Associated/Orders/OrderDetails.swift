import BindingKit
import Domain

/// One order's details. Nothing about it changes, so it needs no `changed`:
/// the view reads it once, when given it.
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
final class OrderDetailsVC: Screen, IHaveViewModel {
    typealias ViewModel = OrderDetailsVM

    let title: Label
    let details: Label
    private let tracer: Tracer
    private let tracker: LiveObjects.Token

    init(world: World) {
        self.title = Label(name: "title", tracer: world.tracer)
        self.details = Label(name: "details", tracer: world.tracer)
        self.tracer = world.tracer
        self.tracker = world.alive.track(Self.self)
    }

    deinit { removeAssociatedObjects(self) }

    var widgets: [any Widget] { [details] }

    func viewModelChanged(_ viewModel: OrderDetailsVM) {
        tracer.hop("viewModelChanged(_:)", from: OrderDetailsVM.self, to: Self.self)
        title.text = viewModel.title
        details.text = viewModel.details
    }
}
