import BindingKit
import Domain

/// One order's details, its name editable. A rename changes the order and
/// raises `changed`, and the view redraws whole; the orders list hears it
/// through the closure its view model handed over (`didRename`).
final class OrderDetailsVM: INotifyOnChanged {
    private var order: Order
    private let didRename: (String) -> Void

    var title: String { order.displayName }
    var name: String { order.name }
    var details: String { order.detailsText }

    init(order: Order, didRename: @escaping (String) -> Void = { _ in }) {
        self.order = order
        self.didRename = didRename
    }

    deinit { removeAssociatedObjects(self) }  // its `changed` event

    func rename(to name: String) {
        order.name = name
        changed.raise()
        didRename(name)
    }
}

/// The details screen: a title, the name field and one line, on BindingKit's
/// `OrderDetailsOutlets`.
final class OrderDetailsVC: Screen, IHaveViewModel {
    typealias ViewModel = OrderDetailsVM

    let outlets = OrderDetailsOutlets()

    deinit { removeAssociatedObjects(self) }

    var title: Label { outlets.title }
    var widgets: [any Widget] { outlets.widgets }

    func viewDidLoad() {
        outlets.nameField.onTextChange = { [weak self] name in self?.viewModel?.rename(to: name) }
    }

    /// Everything again, the name field too, whatever changed.
    func viewModelChanged(_ viewModel: OrderDetailsVM) {
        outlets.title.text = viewModel.title
        outlets.nameField.text = viewModel.name
        outlets.details.text = viewModel.details
    }
}
