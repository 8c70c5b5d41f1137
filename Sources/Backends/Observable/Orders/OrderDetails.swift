import BindingKit
import Domain

/// One order's details, its name editable: `title` and `details` are
/// observables (the view gets them by observing: the replay); the name is
/// read once, as the field's first text — the field shows what the user
/// types, so the view model never sets it back.
///
/// A rename goes back to the list through `didUpdate`, the Clean
/// Architecture article's own closure for it: "if the Details screen changes
/// the movie and the list must show it, use `showMovieDetails: (Movie,
/// @escaping (_ updated: Movie) -> Void) -> Void`".
final class OrderDetailsViewModel {
    let title: any ObservableProperty<String>
    let details: any ObservableProperty<String>
    private(set) var order: Order
    private let didUpdate: (_ updated: Order) -> Void

    init(order: Order, didUpdate: @escaping (_ updated: Order) -> Void = { _ in }, form: ObservableForm) {
        title = form.make(order.displayName)
        details = form.make(order.detailsText)
        self.order = order
        self.didUpdate = didUpdate
    }

    /// The user edited the name field.
    func didEditName(_ name: String) {
        order.name = name
        title.value = order.displayName
        details.value = order.detailsText
        didUpdate(order)
    }
}

/// The details screen: a title, the name field and one line, on BindingKit's
/// `OrderDetailsOutlets`.
final class OrderDetailsView: Screen {
    let outlets = OrderDetailsOutlets()
    private let viewModel: OrderDetailsViewModel

    init(viewModel: OrderDetailsViewModel) {
        self.viewModel = viewModel
    }

    var title: Label { outlets.title }
    var widgets: [any Widget] { outlets.widgets }

    func viewDidLoad() {
        outlets.nameField.text = viewModel.order.name
        outlets.nameField.onTextChange = { [weak self] name in self?.viewModel.didEditName(name) }
        viewModel.title.observe(on: self) { [weak self] in self?.outlets.title.text = $0 }
        viewModel.details.observe(on: self) { [weak self] in self?.outlets.details.text = $0 }
    }
}
