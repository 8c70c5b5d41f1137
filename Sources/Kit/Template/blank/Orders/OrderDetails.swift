import BindingKit
import Domain

/// One order's details, its name editable. A rename goes back to the orders
/// list through the closure the orders view model handed over (`didRename`).
final class OrderDetailsViewModel {
    private var order: Order
    private let didRename: (String) -> Void

    init(order: Order, didRename: @escaping (String) -> Void = { _ in }) {
        self.order = order
        self.didRename = didRename
    }

    func viewDidLoad() {
        // TASK 2: the view shows the title (`order.displayName`), the name and
        // the details line (`order.detailsText`).
    }

    /// The user edited the name field, which shows the name already.
    func rename(to name: String) {
        // TASK 3: rename the order, tell the view the title and the details
        // line, and the list (`didRename`).
        _ = (name, order, didRename)
    }
}

/// The details screen: a title, the name field and one line, on BindingKit's
/// `OrderDetailsOutlets` (`outlets.title`, `outlets.nameField`, `outlets.details`).
final class OrderDetailsView: Screen {
    let outlets = OrderDetailsOutlets()
    private let viewModel: OrderDetailsViewModel

    init(viewModel: OrderDetailsViewModel) {
        self.viewModel = viewModel
    }

    var title: Label { outlets.title }
    var widgets: [any Widget] { outlets.widgets }

    func viewDidLoad() {
        outlets.nameField.onTextChange = { [weak self] name in self?.viewModel.rename(to: name) }
        viewModel.viewDidLoad()
    }
}
