import BindingKit

/// What the container observes on the content's view model: its
/// `loading` (the same output the content observes, so that the container
/// is a second observer of it) and its `error`.
protocol ContainerViewModelOutput: AnyObject {
    associatedtype Loading
    var loading: any ObservableProperty<Loading> { get }
    var error: any ObservableProperty<String> { get }
    /// Whether `loading` says the whole screen is loading (the content shows
    /// the other kinds itself).
    func isFullScreen(_ loading: Loading) -> Bool
}

/// The container of "Adapting an existing business solution for iOS, part 3"
/// (2020): a spinner and an alert around a content view. Here it observes
/// the content's view model itself, beside the content: two observers of one
/// `loading`.
///
/// With the repository's `Observable` both are called, in the order they
/// observed. With the article's, the container observes first (its
/// `viewDidLoad` runs before its content's, as a parent view controller's
/// does) and the content's `observe` then replaces the container's closure:
/// the full-screen spinner never turns.
final class ContainerView<ViewModel: ContainerViewModelOutput>: Screen {
    let spinner = Spinner()
    let alert = Alert()
    private let content: any Screen
    private let viewModel: ViewModel

    init(content: any Screen, viewModel: ViewModel) {
        self.content = content
        self.viewModel = viewModel
    }

    var title: Label { content.title }
    var widgets: [any Widget] { [spinner] + content.widgets + [alert] }

    func viewDidLoad() {
        bind(to: viewModel)
        content.viewDidLoad()
    }

    private func bind(to viewModel: ViewModel) {
        viewModel.loading.observe(on: self) { [weak self] in self?.updateLoading($0) }
        viewModel.error.observe(on: self) { [weak self] in self?.showError($0) }
    }

    private func updateLoading(_ loading: ViewModel.Loading) {
        // Through `self?.viewModel`, never the `viewModel` the block could
        // capture: that would be the article's retain cycle.
        if viewModel.isFullScreen(loading) {
            spinner.startAnimating()
        } else {
            spinner.stopAnimating()
        }
    }

    /// The first delivery replays the empty error: nothing to show.
    private func showError(_ error: String) {
        guard !error.isEmpty else { return }
        alert.present(title: "Error", message: error)
    }
}
