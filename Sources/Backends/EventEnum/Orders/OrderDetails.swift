import BindingKit
import Domain

/// One order's details, its name editable: one enum each way, even for a
/// title, a field and a line.
///
/// A rename goes back to the orders list through the closure the orders view
/// model handed over (`didRename`): the one listener slot is the view's.
final class OrderDetailsViewModel: Equatable {
    weak var listener: (any ViewModelListener<ViewModelEvent>)?
    private var order: Order
    private let didRename: (String) -> Void

    init(order: Order, didRename: @escaping (String) -> Void = { _ in }) {
        self.order = order
        self.didRename = didRename
    }

    func handle(event: ViewEvent) {
        switch event {
        case .viewDidLoad:
            listener?.handle(event: .updateTitle(order.displayName))
            listener?.handle(event: .updateName(order.name))
            listener?.handle(event: .updateDetails(order.detailsText))
        case .editName(let name):
            // The field shows the name already: only the title and the line.
            order.name = name
            listener?.handle(event: .updateTitle(order.displayName))
            listener?.handle(event: .updateDetails(order.detailsText))
            didRename(name)
        }
    }

    /// Identity: two details view models are the same only if they are one.
    static func == (lhs: OrderDetailsViewModel, rhs: OrderDetailsViewModel) -> Bool { lhs === rhs }
}

extension OrderDetailsViewModel {
    enum ViewEvent: Equatable {
        case viewDidLoad
        case editName(String)
    }

    enum ViewModelEvent: Equatable {
        case updateTitle(String)
        case updateName(String)
        case updateDetails(String)
    }
}

/// The details screen: a title, the name field and one line, on BindingKit's
/// `OrderDetailsOutlets`.
final class OrderDetailsView: Screen, ViewModelListener {
    let outlets = OrderDetailsOutlets()
    private let viewModel: OrderDetailsViewModel

    init(viewModel: OrderDetailsViewModel) {
        self.viewModel = viewModel
        viewModel.listener = self
    }

    var title: Label { outlets.title }
    var widgets: [any Widget] { outlets.widgets }

    func viewDidLoad() {
        outlets.nameField.onTextChange = { [weak self] name in self?.viewModel.handle(event: .editName(name)) }
        viewModel.handle(event: .viewDidLoad)
    }

    func handle(event: OrderDetailsViewModel.ViewModelEvent) {
        switch event {
        case .updateTitle(let title): outlets.title.text = title
        case .updateName(let name): outlets.nameField.text = name
        case .updateDetails(let details): outlets.details.text = details
        }
    }
}
