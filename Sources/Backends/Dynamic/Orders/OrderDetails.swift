import BindingKit
import Domain

/// One order's details. `name` is what the user may edit: the orders list
/// listens to it.
final class OrderDetailsViewModel {
    let name: Dynamic<String>
    /// `name | { … }`: "Order #3", following the edit.
    let title: Dynamic<String>
    let details: Dynamic<String>
    private let tracker: LiveObjects.Token

    init(order: Order, world: World) {
        let id = order.id
        name = Dynamic(order.name)
        title = name | { Order(id: id, name: $0).displayName }
        details = name | { Order(id: id, name: $0).detailsText }
        tracker = world.alive.track(Self.self)
        name.traced("name", by: Self.self, in: world) { "\"\($0)\"" }
        title.traced("title", by: Self.self, in: world) { "\"\($0)\"" }
        details.traced("details", by: Self.self, in: world) { "\"\($0)\"" }
    }
}

/// The details screen: a title and one line.
final class OrderDetailsView: Screen {
    let title: Label
    let details: Label
    private let viewModel: OrderDetailsViewModel
    private let tracker: LiveObjects.Token

    init(viewModel: OrderDetailsViewModel, world: World) {
        self.viewModel = viewModel
        self.title = Label(name: "title", tracer: world.tracer)
        self.details = Label(name: "details", tracer: world.tracer)
        self.tracker = world.alive.track(Self.self)
    }

    deinit { releaseAssociations(of: [title, details]) }

    var widgets: [any Widget] { [details] }

    func viewDidLoad() {
        viewModel.title >>> title
        viewModel.details >>> details
    }
}
