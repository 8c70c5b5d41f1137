import BindingKit
import Observation

/// What the container of "Adapting an existing business solution for iOS,
/// part 3" reads from the view model it shares with its content: whether the
/// whole screen is loading, and the last error.
protocol ContainerViewModel: AnyObject, Observable {
    /// Whether the container's spinner turns.
    var isLoadingFullScreen: Bool { get }
    /// The error to show; nil while there is none.
    var error: String? { get }
}

/// The container article's `IModelView` (its name, hence the `I`): a content
/// view that hands its container the view model it renders from.
protocol IModelView: Screen {
    associatedtype ViewModel: ContainerViewModel
    var viewModel: ViewModel { get }
}

/// The container article's container: a spinner and an alert around a
/// content view, generic over the content as in the article
/// (`ContainerView<Content> where Content: View & IModelView`).
///
/// The article's container cannot observe its content's model ("that would
/// pull its signals"), so it keeps a `ContainerModel` of its own, reached
/// through a delegate. With Observation there is nothing to pull: the
/// container renders from its content's `viewModel`, and since it
/// reads only `isLoadingFullScreen` and `error`, a change to the list or the
/// title does not re-render it at all.
final class ContainerView<Content: IModelView>: Screen, ObservingView {
    let spinner = Spinner()
    let alert = Alert()
    private let content: Content
    /// The error last presented, so that a dismissed alert stays dismissed
    /// until a new error comes.
    private var presentedError: String?
    private let renders: RenderQueue

    init(content: Content, renders: RenderQueue) {
        self.content = content
        self.renders = renders
    }

    var title: Label { content.title }
    var widgets: [any Widget] { [spinner] + content.widgets + [alert] }

    /// The container draws first, then its content.
    func viewDidLoad() {
        renders.start(self)
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
