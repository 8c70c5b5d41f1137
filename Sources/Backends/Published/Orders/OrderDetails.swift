import BindingKit
import Domain

/// What an order's details show.
class OrderDetailsViewModel: ObservableObject {
    @Published var title = ""
    @Published var name = ""
    @Published var details = ""
}

/// Keeps the order; a rename goes back to the list through the closure its
/// interactor handed over (`didRename`), so that the list shows it after `back`.
final class OrderDetailsInteractor {
    private var order: Order
    private let presenter: OrderDetailsPresenter
    private let didRename: (String) -> Void

    init(order: Order, presenter: OrderDetailsPresenter, didRename: @escaping (String) -> Void) {
        self.order = order
        self.presenter = presenter
        self.didRename = didRename
    }

    func rename(to name: String) {
        order.name = name
        presenter.present(order)
        didRename(name)
    }
}

final class OrderDetailsPresenter {
    private let viewModel: OrderDetailsViewModel

    init(viewModel: OrderDetailsViewModel) {
        self.viewModel = viewModel
    }

    func present(_ order: Order) {
        viewModel.title = order.displayName
        viewModel.name = order.name
        viewModel.details = order.detailsText
    }
}

/// The details screen: a title, the name field and one line, on BindingKit's
/// `OrderDetailsOutlets`; what is typed into the field renames the order.
struct OrderDetailsView: View, WidgetLayout {
    @ObservedObject var model: OrderDetailsViewModel
    let interactor: OrderDetailsInteractor
    let outlets = OrderDetailsOutlets()

    var widgets: [any Widget] { outlets.widgets }

    var body: some View {
        VStack {
            TextField("", text: Binding(get: { model.name }, set: { interactor.rename(to: $0) }), in: outlets.nameField)
            Text(model.details, in: outlets.details)
        }
        .navigationTitle(model.title)
    }
}

/// The module's assembly: the view model filled before the view shows it.
enum OrderDetailsConfigurator {
    static func makeScreen(order: Order, didRename: @escaping (String) -> Void) -> any Screen {
        let viewModel = OrderDetailsViewModel()
        let presenter = OrderDetailsPresenter(viewModel: viewModel)
        presenter.present(order)
        let interactor = OrderDetailsInteractor(order: order, presenter: presenter, didRename: didRename)
        return HostingController(rootView: OrderDetailsView(model: viewModel, interactor: interactor))
    }
}
