import BindingKit
import Domain

/// One order's details: one enum each way, even for two lines.
final class OrderDetailsViewModel: Equatable {
    weak var listener: (any ViewModelListener<ViewModelEvent>)?
    private let order: Order
    private let tracer: Tracer
    private let tracker: LiveObjects.Token

    init(order: Order, world: World) {
        self.order = order
        self.tracer = world.tracer
        self.tracker = world.alive.track(Self.self)
    }

    func handle(event: ViewEvent) {
        switch event {
        case .viewDidLoad:
            send(.updateTitle(order.displayName))
            send(.updateDetails(order.detailsText))
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

        var description: String { ".viewDidLoad" }
    }

    enum ViewModelEvent: Equatable, CustomStringConvertible {
        case updateTitle(String)
        case updateDetails(String)

        var description: String {
            switch self {
            case .updateTitle(let title): ".updateTitle(\"\(title)\")"
            case .updateDetails: ".updateDetails"
            }
        }
    }
}

/// The details screen: a title and one line.
final class OrderDetailsView: Screen, ViewModelListener {
    let title: Label
    let details: Label
    private let viewModel: OrderDetailsViewModel
    private let tracer: Tracer
    private let tracker: LiveObjects.Token

    init(viewModel: OrderDetailsViewModel, world: World) {
        self.viewModel = viewModel
        self.tracer = world.tracer
        self.title = Label(name: "title", tracer: world.tracer)
        self.details = Label(name: "details", tracer: world.tracer)
        self.tracker = world.alive.track(Self.self)
    }

    var widgets: [any Widget] { [details] }

    func viewDidLoad() {
        viewModel.listener = self
        tracer.hop(
            OrderDetailsViewModel.ViewEvent.viewDidLoad.description, from: Self.self, to: OrderDetailsViewModel.self)
        viewModel.handle(event: .viewDidLoad)
    }

    func handle(event: OrderDetailsViewModel.ViewModelEvent) {
        switch event {
        case .updateTitle(let title): self.title.text = title
        case .updateDetails(let details): self.details.text = details
        }
    }
}
