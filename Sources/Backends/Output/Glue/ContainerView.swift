import BindingKit

/// The container of "Adapting an existing business solution for iOS, part 3"
/// (2020): a spinner and an alert around a content view, generic over the
/// content as in that article (`ContainerView<Content>`).
///
/// Here the container needs no delegate of its own: it is a `View` bound to
/// the content's view model like the content itself, one more handler on the
/// same `Output`. It receives every event the content receives and shows the
/// ones `ContainerEventConvertible` gives it. Its `setupBindings()` hands the
/// view model down to the content, as the QIWI article intends that method for.
///
/// Not final: at the article's steps before `AnyViewModel` the container
/// keeps its view model itself (`BeforeAnyViewModel.ContainerView`).
class ContainerView<Content: View & Screen>: AssociatedObjectsHost, Screen, View
where Content.ViewModelEvent: ContainerEventConvertible {
    typealias ViewModelEvent = Content.ViewModelEvent
    typealias ViewEvent = Content.ViewEvent

    let spinner = Spinner()
    let alert = Alert()
    /// The container sends nothing: nothing is ever appended to its view model's side.
    let output = Output<ViewEvent>()
    let content: Content

    init(content: Content) {
        self.content = content
    }

    var title: Label { content.title }
    var widgets: [any Widget] { [spinner] + content.widgets + [alert] }

    func viewDidLoad() { content.viewDidLoad() }

    // MARK: View

    /// Binds the content to the same view model. Passing `viewModel` (this
    /// view's `AnyViewModel`) rather than the view model itself is what makes
    /// the content's `start()` and this view's one and the same.
    func setupBindings() {
        content.bind(with: viewModel)
    }

    func handle(event: ViewModelEvent) {
        switch event.containerEvent {
        case .loading(true)?: spinner.startAnimating()
        case .loading(false)?: spinner.stopAnimating()
        case .error(let message)?: alert.present(title: "Error", message: message)
        case nil: break
        }
    }
}
