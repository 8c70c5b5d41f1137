import BindingKit
import Domain

/// One order's details, its name editable: the title and the details line
/// are `@Observable`, so a rename reaches the view per property. The orders
/// list hears it through the closure its view model handed over
/// (`didRename`), and shows it after `back`.
final class OrderDetailsVM {
    @Observable private(set) var title: String
    @Observable private(set) var details: String
    /// Set by the user through the name field, which shows it already: no
    /// event, the view reads it once.
    private(set) var name: String

    private var order: Order
    private let didRename: (String) -> Void

    init(order: Order, didRename: @escaping (String) -> Void = { _ in }) {
        self.order = order
        self.title = order.displayName
        self.details = order.detailsText
        self.name = order.name
        self.didRename = didRename
    }

    /// The user edited the name field.
    func rename(to name: String) {
        order.name = name
        self.name = name
        title = order.displayName
        details = order.detailsText
        didRename(name)
    }
}

/// The details screen: a title, the name field and one line, on BindingKit's
/// `OrderDetailsOutlets`. It draws what the view model holds when it loads
/// (subscribing delivers nothing), then hears `$title` and `$details`.
final class OrderDetailsVC: Screen {
    let outlets = OrderDetailsOutlets()
    private let viewModel: OrderDetailsVM

    init(viewModel: OrderDetailsVM) {
        self.viewModel = viewModel
    }

    var title: Label { outlets.title }
    var widgets: [any Widget] { outlets.widgets }

    func viewDidLoad() {
        outlets.title.text = viewModel.title
        outlets.nameField.text = viewModel.name
        outlets.details.text = viewModel.details
        viewModel.$title.subscribe(self) { this, title in this.outlets.title.text = title }
        viewModel.$details.subscribe(self) { this, details in this.outlets.details.text = details }
        outlets.nameField.onTextChange = { [weak self] name in self?.viewModel.rename(to: name) }
    }
}
