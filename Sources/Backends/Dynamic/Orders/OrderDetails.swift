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

    init(order: Order) {
        let id = order.id
        name = Dynamic(order.name)
        title = name | { Order(id: id, name: $0).displayName }
        details = name | { Order(id: id, name: $0).detailsText }
    }
}

/// The details screen: a title, the name field and one line (BindingKit's
/// `OrderDetailsOutlets`). The field is bound both ways to the order's name:
/// typing renames the order, and the title and the details follow.
final class OrderDetailsView: Screen {
    let outlets = OrderDetailsOutlets()
    private let viewModel: OrderDetailsViewModel

    init(viewModel: OrderDetailsViewModel) {
        self.viewModel = viewModel
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
