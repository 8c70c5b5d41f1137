import BindingKit
import Domain

/// One order's details, its name editable. A rename changes the order and
/// raises `changed`, and the view redraws whole; the orders list hears it
/// through the closure its view model handed over (`didRename`).
final class OrderDetailsVM: INotifyOnChanged {
    private var order: Order
    private let didRename: (String) -> Void
    private let tracer: Tracer

    var title: String { order.displayName }
    var name: String { order.name }
    var details: String { order.detailsText }

    init(order: Order, world: World, didRename: @escaping (String) -> Void = { _ in }) {
        self.order = order
        self.didRename = didRename
        self.tracer = world.tracer
    }

    deinit { removeAssociatedObjects(self) }  // its `changed` event

    func rename(to name: String) {
        order.name = name
        raiseChanged(tracer: tracer)
        didRename(name)
    }
}

/// The details screen: a title, the name field and one line, on BindingKit's
/// `OrderDetailsOutlets`.
final class OrderDetailsVC: Screen, IHaveViewModel {
    typealias ViewModel = OrderDetailsVM

    let outlets: OrderDetailsOutlets
    private let tracer: Tracer

    init(world: World) {
        self.outlets = OrderDetailsOutlets(tracer: world.tracer)
        self.tracer = world.tracer
    }

    deinit { removeAssociatedObjects(self) }

    var title: Label { outlets.title }
    var widgets: [any Widget] { outlets.widgets }

    func viewDidLoad() {
        outlets.nameField.onTextChange = { [weak self] name in
            guard let self else { return }
            tracer.hop("rename(to:)", from: Self.self, to: viewModel.map { type(of: $0) })
            viewModel?.rename(to: name)
        }
    }

    /// Everything again, the name field too, whatever changed.
    func viewModelChanged(_ viewModel: OrderDetailsVM) {
        tracer.hop("viewModelChanged(_:)", from: OrderDetailsVM.self, to: Self.self)
        outlets.title.text = viewModel.title
        outlets.nameField.text = viewModel.name
        outlets.details.text = viewModel.details
    }
}
