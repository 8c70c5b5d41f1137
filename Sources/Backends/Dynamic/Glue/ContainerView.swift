import BindingKit

/// What the container of "Adapting an existing business solution for iOS,
/// part 3" (2020) shows, as `Dynamic`s of the content's view model.
protocol ContainerViewModel: AnyObject {
    var isLoading: Dynamic<Bool> { get }
    /// Each set of a message is one alert; bound with no replay (`>>`).
    var error: Dynamic<String?> { get }
}

/// A page of the demo (its `Page`), as a container embeds one: it binds its
/// view model when its view has loaded (`viewDidLoad()`, the demo's
/// `bindPageModel()`) and starts it once it appears (`viewDidAppear()`, where
/// the demo's page calls `initAfterAppear()`).
protocol Page: Screen {
    func viewDidAppear()
}

extension Page {
    func viewDidAppear() {}
}

/// The container: a spinner and an alert around a content view. It binds to
/// the same view model as its content — one more set of listeners on the
/// same `Dynamic`s, which a `Dynamic` takes without ceremony.
final class ContainerView: Screen {
    let spinner = Spinner()
    let alert = Alert()
    private let content: any Page
    private let viewModel: any ContainerViewModel

    init(content: any Page, viewModel: any ContainerViewModel) {
        self.content = content
        self.viewModel = viewModel
    }

    deinit { releaseAssociations(of: [spinner, alert]) }

    var title: Label { content.title }
    var widgets: [any Widget] { [spinner] + content.widgets + [alert] }

    /// The content's view loads and binds, then the container binds, then
    /// the content appears: the container hears the first load.
    func viewDidLoad() {
        content.viewDidLoad()
        bindViewModel()
        content.viewDidAppear()
    }

    private func bindViewModel() {
        viewModel.isLoading >>> spinner
        viewModel.error >> { [weak self] error in
            if let error { self?.alert.present(title: "Error", message: error) }
        }
    }
}
