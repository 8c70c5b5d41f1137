import BindingKit
import Domain
import Observation

/// One order's details, read through the orders list's view model: one
/// source of truth, so that the details screen and the list show the same
/// order whoever changes it. Nothing is copied and nothing sent: a view that
/// renders `order` has read the list's `orders`, and hears of their changes.
@Observable final class OrderDetailsViewModel {
    @ObservationIgnored private let list: OrdersViewModel
    @ObservationIgnored private let index: Int
    /// The order as it was opened, should its row go while it is shown.
    @ObservationIgnored private let opened: Order

    init(list: OrdersViewModel, index: Int, order: Order) {
        self.list = list
        self.index = index
        self.opened = order
    }

    var order: Order { list.orders[row: index] ?? opened }
    var title: String { order.displayName }
    var name: String { order.name }
    var details: String { order.detailsText }

    /// The name field was edited: the list's order is renamed, and every
    /// view that read it — this screen, the list under it — re-renders.
    func rename(to name: String) {
        list.renameItem(at: index, to: name)
    }
}

/// The details screen: a title, the name field and one line, on BindingKit's
/// `OrderDetailsOutlets`, rendered from the view model; typing in the field
/// renames the order.
final class OrderDetailsView: Screen, ObservingView {
    let outlets = OrderDetailsOutlets()
    private let viewModel: OrderDetailsViewModel
    private let renders: RenderQueue

    init(viewModel: OrderDetailsViewModel, renders: RenderQueue) {
        self.viewModel = viewModel
        self.renders = renders
    }

    var title: Label { outlets.title }
    var widgets: [any Widget] { outlets.widgets }

    func viewDidLoad() {
        outlets.nameField.onTextChange = { [weak self] name in self?.viewModel.rename(to: name) }
        renders.start(self)
    }

    /// The field already shows what was typed: a re-render after an edit
    /// changes the title and the line only.
    func render(into changes: inout WidgetChanges) {
        changes.set(outlets.title, \.text, to: viewModel.title)
        changes.set(outlets.nameField, \.text, to: viewModel.name)
        changes.set(outlets.details, \.text, to: viewModel.details)
    }
}
