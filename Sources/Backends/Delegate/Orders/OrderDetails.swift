import BindingKit
import Domain

protocol OrderDetailsViewModelDelegate: AnyObject {
    func didUpdate(title: String)
    func didUpdate(details: String)
}

/// One order's details.
final class OrderDetailsViewModel {
    weak var delegate: (any OrderDetailsViewModelDelegate)?
    private let order: Order
    private let tracer: Tracer
    private let tracker: LiveObjects.Token

    init(order: Order, world: World) {
        self.order = order
        self.tracer = world.tracer
        self.tracker = world.alive.track(Self.self)
    }

    func viewDidLoad() {
        let to = delegate.map { type(of: $0) }
        tracer.hop("didUpdate(title:)", from: Self.self, to: to)
        delegate?.didUpdate(title: order.displayName)
        tracer.hop("didUpdate(details:)", from: Self.self, to: to)
        delegate?.didUpdate(details: order.detailsText)
    }
}

/// The details screen: a title and one line.
final class OrderDetailsView: Screen, OrderDetailsViewModelDelegate {
    let title: Label
    let details: Label
    private let viewModel: OrderDetailsViewModel
    private let tracker: LiveObjects.Token

    init(viewModel: OrderDetailsViewModel, world: World) {
        self.viewModel = viewModel
        self.title = Label(name: "title", tracer: world.tracer)
        self.details = Label(name: "details", tracer: world.tracer)
        self.tracker = world.alive.track(Self.self)
    }

    var widgets: [any Widget] { [details] }

    func viewDidLoad() {
        viewModel.delegate = self
        viewModel.viewDidLoad()
    }

    func didUpdate(title: String) { self.title.text = title }
    func didUpdate(details: String) { self.details.text = details }
}
