import BindingKit

/// What seed 002's container shows, as `Dynamic`s of the content's view model.
protocol ContainerViewModel: AnyObject {
    var isLoading: Dynamic<Bool> { get }
    /// Each set of a message is one alert; set with no replay (`>>`).
    var error: Dynamic<String?> { get }
}

/// Seed 002's container: a spinner and an alert around a content view. It
/// binds to the same view model as its content — one more set of listeners
/// on the same `Dynamic`s, which a `Dynamic` takes without ceremony.
final class ContainerView: Screen {
    let spinner: Spinner
    let alert: Alert
    private let content: any Screen
    private let world: World
    private let capture: ListenerCapture

    init(content: any Screen, world: World, capture: ListenerCapture) {
        self.content = content
        self.spinner = Spinner(tracer: world.tracer)
        self.alert = Alert(tracer: world.tracer)
        self.world = world
        self.capture = capture
    }

    deinit { releaseAssociations(of: [spinner, alert]) }

    var title: Label { content.title }
    var widgets: [any Widget] { [spinner] + content.widgets + [alert] }

    func viewDidLoad() { content.viewDidLoad() }

    func bindViewModel(_ viewModel: any ContainerViewModel) {
        viewModel.isLoading >>> spinner
        viewModel.error
            >> capture.listener(self, tracer: world.tracer) { this, error in
                if let error { this.alert.present(title: "Error", message: error) }
            }
    }
}
