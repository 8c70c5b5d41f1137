import BindingKit
import Observation

/// What seed 002's container reads from the view model it shares with its
/// content: whether the whole screen is loading, and the last error.
protocol ContainerViewModel: AnyObject, Observable {
    /// Whether the container's spinner turns.
    var isLoadingFullScreen: Bool { get }
    /// The error to show; nil while there is none.
    var error: String? { get }
}

/// Seed 002's `IModelView` (the article's name, hence the `I`): a content
/// view that hands its container the view model it renders from.
protocol IModelView: Screen {
    associatedtype ViewModel: ContainerViewModel
    var viewModel: ViewModel { get }
}

/// Seed 002's container: a spinner and an alert around a content view,
/// generic over the content as in the article (`ContainerView<Content>
/// where Content: View & IModelView`).
///
/// The article's container cannot observe its content's model ("that would
/// pull its signals"), so it keeps a `ContainerModel` of its own, reached
/// through a delegate. With Observation there is nothing to pull: the
/// container renders from its content's `viewModel`, and since it
/// reads only `isLoadingFullScreen` and `error`, a change to the list or the
/// title does not re-render it at all.
final class ContainerView<Content: IModelView>: Screen, ObservingView {
    let spinner: Spinner
    let alert: Alert
    private let content: Content
    /// The error last presented, so that a dismissed alert stays dismissed
    /// until a new error comes (SwiftUI's `.alert(isPresented:)` binding
    /// writes the dismissal back; the playground's alert has no such hook).
    private var presentedError: String?
    private let world: World
    private let renders: RenderQueue
    private lazy var renderLoop = RenderLoop(view: self, model: Content.ViewModel.self, world: world, queue: renders)

    init(content: Content, world: World, renders: RenderQueue) {
        self.content = content
        self.renders = renders
        self.spinner = Spinner(tracer: world.tracer)
        self.alert = Alert(tracer: world.tracer)
        self.world = world
    }

    var title: Label { content.title }
    var widgets: [any Widget] { [spinner] + content.widgets + [alert] }

    /// The container draws first, then its content.
    func viewDidLoad() {
        renderLoop.start()
        content.viewDidLoad()
    }

    func render(into changes: inout WidgetChanges) {
        changes.spin(spinner, content.viewModel.isLoadingFullScreen)
        let error = content.viewModel.error
        if let error, error != presentedError {
            changes.present(alert, title: "Error", message: error)
        }
        presentedError = error
    }
}
