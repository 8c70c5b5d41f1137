import BindingKit

/// What the container of "Adapting an existing business solution for iOS,
/// part 3" (2020) shows, read from the content's view model.
protocol ContainerViewModel: INotifyOnChanged {
    var isLoading: Bool { get }
    /// The error to show. An alert is an event, not state: a view model sets
    /// it for the one `changed` that announces it and clears it after, or
    /// every later redraw would bring back an alert the user dismissed.
    var error: String? { get }
}

/// The container: a spinner and an alert around a content view. It is just
/// another view of the same view model: given it through `viewModel`, it
/// redraws on every `changed`, as the content does.
final class ContainerView: Screen, IHaveViewModel {
    typealias ViewModel = any ContainerViewModel

    let spinner = Spinner()
    let alert = Alert()
    private let content: any Screen

    init(content: any Screen) {
        self.content = content
    }

    // Swift has no hook into another object's deinit: an owner of associated
    // values lets go of them itself, where the runtime would (see
    // `AssociatedObjectStore`).
    deinit { removeAssociatedObjects(self) }

    var title: Label { content.title }
    var widgets: [any Widget] { [spinner] + content.widgets + [alert] }

    func viewDidLoad() { content.viewDidLoad() }

    func viewModelChanged(_ viewModel: any ContainerViewModel) {
        if viewModel.isLoading {
            spinner.startAnimating()
        } else {
            spinner.stopAnimating()
        }
        if let error = viewModel.error {
            alert.present(title: "Error", message: error)
        }
    }
}
