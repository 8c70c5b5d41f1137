import BindingKit
import Domain

/// One order's details, its name editable: it says everything in `start()`
/// and hears the name field through `handle(event:)`.
///
/// A rename goes back to the orders list through the closure the orders view
/// model handed over (`didRename`).
final class OrderDetailsViewModel: ViewModel, Equatable {
    let output = Output<ViewModelEvent>()
    private var order: Order
    private let didRename: (String) -> Void

    init(order: Order, didRename: @escaping (String) -> Void = { _ in }) {
        self.order = order
        self.didRename = didRename
    }

    func start() {
        output.send(.updateTitle(order.displayName))
        output.send(.updateName(order.name))
        output.send(.updateDetails(order.detailsText))
    }

    func handle(event: ViewEvent) {
        switch event {
        case .editName(let name):
            // The field shows the name already: only the title and the line.
            order.name = name
            output.send(.updateTitle(order.displayName))
            output.send(.updateDetails(order.detailsText))
            didRename(name)
        }
    }

    /// Identity: two details view models are the same only if they are one.
    static func == (lhs: OrderDetailsViewModel, rhs: OrderDetailsViewModel) -> Bool { lhs === rhs }
}

extension OrderDetailsViewModel {
    enum ViewEvent {
        case editName(String)
    }

    enum ViewModelEvent {
        case updateTitle(String)
        case updateName(String)
        case updateDetails(String)
    }
}

/// The details screen: a title, the name field and one line, on BindingKit's
/// `OrderDetailsOutlets`. Not final: the article's steps before
/// `AnyViewModel` keep their view model in the view (`BeforeAnyViewModel`).
class OrderDetailsView: AssociatedObjectsHost, Screen, View {
    let outlets = OrderDetailsOutlets()
    let output = Output<OrderDetailsViewModel.ViewEvent>()

    var title: Label { outlets.title }
    var widgets: [any Widget] { outlets.widgets }

    func viewDidLoad() {
        outlets.nameField.onTextChange = { [weak self] name in self?.output.send(.editName(name)) }
    }

    func handle(event: OrderDetailsViewModel.ViewModelEvent) {
        switch event {
        case .updateTitle(let title): outlets.title.text = title
        case .updateName(let name): outlets.nameField.text = name
        case .updateDetails(let details): outlets.details.text = details
        }
    }
}
