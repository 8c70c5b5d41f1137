import BindingKit
import Domain

/// One order's details, its name editable: `title` and `details` are
/// observables (the view gets them by observing: the replay); the name is
/// read once, as the field's first text — the field shows what the user
/// types, so the view model never sets it back.
///
/// A rename goes back to the list through `didUpdate`, seed 004's own
/// closure for it: "if the Details screen changes the movie and the list
/// must show it, use `showMovieDetails: (Movie, @escaping (_ updated:
/// Movie) -> Void) -> Void`".
final class OrderDetailsViewModel {
    let title: any ObservableProperty<String>
    let details: any ObservableProperty<String>
    private(set) var order: Order
    private let didUpdate: (_ updated: Order) -> Void
    private let tracer: Tracer

    init(
        order: Order, didUpdate: @escaping (_ updated: Order) -> Void = { _ in }, form: ObservableForm,
        world: World
    ) {
        title = form.make(order.displayName, "title", of: OrderDetailsViewModel.self, in: world) { "\"\($0)\"" }
        details = form.make(order.detailsText, "details", of: OrderDetailsViewModel.self, in: world)
        self.order = order
        self.didUpdate = didUpdate
        self.tracer = world.tracer
    }

    /// The user edited the name field.
    func didEditName(_ name: String) {
        order.name = name
        title.value = order.displayName
        details.value = order.detailsText
        tracer.hop("didUpdate(_ updated:)", from: Self.self, toNamed: "OrdersListViewModel")
        didUpdate(order)
    }
}

/// The details screen: a title, the name field and one line, on BindingKit's
/// `OrderDetailsOutlets`.
final class OrderDetailsView: Screen {
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
        outlets.nameField.text = viewModel.order.name
        outlets.nameField.onTextChange = { [weak self] name in
            guard let self else { return }
            tracer.hop("didEditName(_:)", from: Self.self, to: OrderDetailsViewModel.self)
            viewModel.didEditName(name)
        }
        viewModel.title.observe(on: self) { [weak self] in self?.outlets.title.text = $0 }
        viewModel.details.observe(on: self) { [weak self] in self?.outlets.details.text = $0 }
    }
}
