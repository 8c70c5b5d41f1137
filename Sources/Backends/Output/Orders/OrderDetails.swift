import BindingKit
import Domain

/// One order's details: it says everything in `start()`.
final class OrderDetailsViewModel: ViewModel, Equatable {
    let output = Output<ViewModelEvent>()
    private let order: Order
    private let tracker: LiveObjects.Token

    init(order: Order, world: World) {
        self.order = order
        self.tracker = world.alive.track(Self.self)
    }

    func start() {
        output.send(.updateTitle(order.displayName))
        output.send(.updateDetails(order.detailsText))
    }

    func handle(event: ViewEvent) {}

    /// Identity: two details view models are the same only if they are one.
    static func == (lhs: OrderDetailsViewModel, rhs: OrderDetailsViewModel) -> Bool { lhs === rhs }
}

extension OrderDetailsViewModel {
    /// The details screen has nothing to say back.
    enum ViewEvent {}

    enum ViewModelEvent: CustomStringConvertible {
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
final class OrderDetailsView: AssociatedObjectsHost, Screen, View {
    let title: Label
    let details: Label
    let output = Output<OrderDetailsViewModel.ViewEvent>()
    let world: World
    private let tracker: LiveObjects.Token

    init(world: World) {
        self.world = world
        self.title = Label(name: "title", tracer: world.tracer)
        self.details = Label(name: "details", tracer: world.tracer)
        self.tracker = world.alive.track(Self.self)
    }

    var widgets: [any Widget] { [details] }

    func handle(event: OrderDetailsViewModel.ViewModelEvent) {
        switch event {
        case .updateTitle(let title): self.title.text = title
        case .updateDetails(let details): self.details.text = details
        }
    }
}
