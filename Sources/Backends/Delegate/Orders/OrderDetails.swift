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
    private let tracer: Tracer

    init(order: Order, world: World, didRename: @escaping (String) -> Void = { _ in }) {
        self.order = order
        self.didRename = didRename
        self.tracer = world.tracer
    }

    func viewDidLoad() {
        notify("didUpdate(title:)") { $0.didUpdate(title: order.displayName) }
        notify("didUpdate(name:)") { $0.didUpdate(name: order.name) }
        notify("didUpdate(details:)") { $0.didUpdate(details: order.detailsText) }
    }

    /// The user edited the name field. The field shows the name already:
    /// only the title and the details line are told.
    func rename(to name: String) {
        order.name = name
        notify("didUpdate(title:)") { $0.didUpdate(title: order.displayName) }
        notify("didUpdate(details:)") { $0.didUpdate(details: order.detailsText) }
        didRename(name)
    }

    /// Calls the delegate, tracing the hop; a message to a gone delegate drops.
    private func notify(_ message: String, _ send: (any OrderDetailsViewModelDelegate) -> Void) {
        tracer.hop(message, from: Self.self, to: delegate.map { type(of: $0) })
        delegate.map(send)
    }
}

/// The details screen: a title, the name field and one line, on BindingKit's
/// `OrderDetailsOutlets`.
final class OrderDetailsView: Screen, OrderDetailsViewModelDelegate {
    let outlets: OrderDetailsOutlets
    private let viewModel: OrderDetailsViewModel
    private let tracer: Tracer

    init(viewModel: OrderDetailsViewModel, world: World) {
        self.viewModel = viewModel
        self.outlets = OrderDetailsOutlets(tracer: world.tracer)
        self.tracer = world.tracer
    }

    var title: Label { outlets.title }
    var widgets: [any Widget] { outlets.widgets }

    func viewDidLoad() {
        viewModel.delegate = self
        outlets.nameField.onTextChange = { [weak self] name in
            guard let self else { return }
            tracer.hop("rename(to:)", from: Self.self, to: OrderDetailsViewModel.self)
            viewModel.rename(to: name)
        }
        viewModel.viewDidLoad()
    }

    func didUpdate(title: String) { outlets.title.text = title }
    func didUpdate(name: String) { outlets.nameField.text = name }
    func didUpdate(details: String) { outlets.details.text = details }
}
