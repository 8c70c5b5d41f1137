import BindingKit
import Domain

/// One order's details. `name` is what the user edits in the name field
/// (bound both ways); the orders list listens to it, so that the edit shows
/// there after `back`.
final class OrderDetailsViewModel {
    let name: Dynamic<String>
    /// `name | { … }`: "Order #3", following the edit.
    let title: Dynamic<String>
    let details: Dynamic<String>

    init(order: Order, world: World) {
        let id = order.id
        name = Dynamic(order.name)
        title = name | { Order(id: id, name: $0).displayName }
        details = name | { Order(id: id, name: $0).detailsText }
        name.traced("name", by: Self.self, in: world) { "\"\($0)\"" }
        title.traced("title", by: Self.self, in: world) { "\"\($0)\"" }
        details.traced("details", by: Self.self, in: world) { "\"\($0)\"" }
    }
}

/// The details screen: a title, the name field and one line (BindingKit's
/// `OrderDetailsOutlets`). The field is bound both ways to the order's name:
/// typing renames the order, and the title and the details follow.
final class OrderDetailsView: Screen {
    let outlets: OrderDetailsOutlets
    private let viewModel: OrderDetailsViewModel

    init(viewModel: OrderDetailsViewModel, world: World) {
        self.viewModel = viewModel
        self.outlets = OrderDetailsOutlets(tracer: world.tracer)
        outlets.nameField.textDynamic.traced("text", by: outlets.nameField.name, in: world.tracer) { "\"\($0)\"" }
    }

    deinit { releaseAssociations(of: [title] + widgets) }

    var title: Label { outlets.title }
    var widgets: [any Widget] { outlets.widgets }

    func viewDidLoad() {
        viewModel.title >>> outlets.title
        viewModel.name <<>>> outlets.nameField
        viewModel.details >>> outlets.details
    }
}
