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
    private let tracer: Tracer

    init(order: Order, world: World, didRename: @escaping (String) -> Void = { _ in }) {
        self.order = order
        self.didRename = didRename
        self.tracer = world.tracer
    }

    func handle(event: ViewEvent) {
        switch event {
        case .viewDidLoad:
            send(.updateTitle(order.displayName))
            send(.updateName(order.name))
            send(.updateDetails(order.detailsText))
        case .editName(let name):
            // The field shows the name already: only the title and the line.
            order.name = name
            send(.updateTitle(order.displayName))
            send(.updateDetails(order.detailsText))
            didRename(name)
        }
    }

    /// Identity: two details view models are the same only if they are one.
    static func == (lhs: OrderDetailsViewModel, rhs: OrderDetailsViewModel) -> Bool { lhs === rhs }

    private func send(_ event: ViewModelEvent) {
        tracer.hop(event.description, from: Self.self, to: listener.map { type(of: $0) })
        listener?.handle(event: event)
    }
}

extension OrderDetailsViewModel {
    enum ViewEvent: Equatable, CustomStringConvertible {
        case viewDidLoad
        case editName(String)

        var description: String {
            switch self {
            case .viewDidLoad: ".viewDidLoad"
            case .editName: ".editName"
            }
        }
    }

    enum ViewModelEvent: Equatable, CustomStringConvertible {
        case updateTitle(String)
        case updateName(String)
        case updateDetails(String)

        var description: String {
            switch self {
            case .updateTitle(let title): ".updateTitle(\"\(title)\")"
            case .updateName: ".updateName"
            case .updateDetails: ".updateDetails"
            }
        }
    }
}

/// The details screen: a title, the name field and one line, on BindingKit's
/// `OrderDetailsOutlets`.
final class OrderDetailsView: Screen, ViewModelListener {
    let outlets: OrderDetailsOutlets
    private let viewModel: OrderDetailsViewModel
    private let tracer: Tracer

    init(viewModel: OrderDetailsViewModel, world: World) {
        self.viewModel = viewModel
        self.tracer = world.tracer
        self.outlets = OrderDetailsOutlets(tracer: world.tracer)
    }

    var title: Label { outlets.title }
    var widgets: [any Widget] { outlets.widgets }

    func viewDidLoad() {
        viewModel.listener = self
        outlets.nameField.onTextChange = { [weak self] name in self?.send(.editName(name)) }
        send(.viewDidLoad)
    }

    func handle(event: OrderDetailsViewModel.ViewModelEvent) {
        switch event {
        case .updateTitle(let title): outlets.title.text = title
        case .updateName(let name): outlets.nameField.text = name
        case .updateDetails(let details): outlets.details.text = details
        }
    }

    private func send(_ event: OrderDetailsViewModel.ViewEvent) {
        tracer.hop(event.description, from: Self.self, to: OrderDetailsViewModel.self)
        viewModel.handle(event: event)
    }
}
