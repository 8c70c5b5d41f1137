import BindingKit
import Domain

/// One order's details: two outputs that never change after they are made;
/// the view gets them by observing (the replay).
final class OrderDetailsViewModel {
    let title: any ObservableProperty<String>
    let details: any ObservableProperty<String>
    private let tracker: LiveObjects.Token

    init(order: Order, form: ObservableForm, world: World) {
        title = form.make(order.displayName, "title", of: OrderDetailsViewModel.self, in: world)
        details = form.make(order.detailsText, "details", of: OrderDetailsViewModel.self, in: world)
        self.tracker = world.alive.track(Self.self)
    }
}

/// The details screen: a title and one line.
final class OrderDetailsView: Screen {
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
        viewModel.title.observe(on: self) { [weak self] in self?.title.text = $0 }
        viewModel.details.observe(on: self) { [weak self] in self?.details.text = $0 }
    }
}
