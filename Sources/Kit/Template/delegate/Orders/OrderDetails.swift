import BindingKit
import Domain

protocol OrderDetailsViewModelDelegate: AnyObject {
    func didUpdate(title: String)
    func didUpdate(name: String)
    func didUpdate(details: String)
}

/// One order's details, its name editable.
///
/// A rename goes back to the orders list through the closure the orders view
/// model handed over (`didRename`), so that the list shows it after `back`.
final class OrderDetailsViewModel {
    weak var delegate: (any OrderDetailsViewModelDelegate)?
    private var order: Order
    private let didRename: (String) -> Void

    init(order: Order, didRename: @escaping (String) -> Void = { _ in }) {
        self.order = order
        self.didRename = didRename
    }

    func viewDidLoad() {
        // TASK 2: tell the view the title (`order.displayName`), the name and
        // the details line (`order.detailsText`).
    }

    /// The user edited the name field. The field shows the name already.
    func rename(to name: String) {
        // TASK 3: rename the order, tell the view the title and the details
        // line (not the field: it shows the name already), and the list
        // (`didRename`).
        _ = name
    }
}

/// The details screen: a title, the name field and one line, on BindingKit's
/// `OrderDetailsOutlets`.
final class OrderDetailsView: Screen, OrderDetailsViewModelDelegate {
    let outlets = OrderDetailsOutlets()
    private let viewModel: OrderDetailsViewModel

    init(viewModel: OrderDetailsViewModel) {
        self.viewModel = viewModel
        viewModel.delegate = self
    }

    var title: Label { outlets.title }
    var widgets: [any Widget] { outlets.widgets }

    func viewDidLoad() {
        outlets.nameField.onTextChange = { [weak self] name in self?.viewModel.rename(to: name) }
        viewModel.viewDidLoad()
    }

    // TASK 2: show what the view model tells: `outlets.title.text`,
    // `outlets.nameField.text`, `outlets.details.text`.
    func didUpdate(title: String) {}
    func didUpdate(name: String) {}
    func didUpdate(details: String) {}
}
