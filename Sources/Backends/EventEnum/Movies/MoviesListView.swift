import BindingKit

/// The movies search screen's content (the Clean Architecture article's
/// `MoviesListViewController`), bound the QIWI article's second way: every
/// gesture becomes a `ViewEvent` sent to the view model's `handle(event:)`,
/// every change arrives as one `ViewModelEvent` in this view's
/// `handle(event:)`. It is the view model's only listener, so it passes the
/// full-screen loading and the errors on to its container.
///
/// The layout is the common movies screen, the same in every backend (BindingKit's
/// `MoviesListOutlets`).
final class MoviesListView: Screen, ViewModelListener, MoviesSuggestionsContainer {
    /// The screen's widgets, the same in every backend (BindingKit's).
    let outlets = MoviesListOutlets()
    /// The container this view sits in; set by the flow coordinator.
    weak var container: (any IContainer)?
    /// The embedded suggestions view, held like a child view controller.
    private(set) var suggestionsView: MoviesQueriesListView?
    /// Whether the container was told to show its spinner: it hears only
    /// about the full-screen loading, never about the footer's.
    private var isLoadingFullScreen = false
    private let viewModel: MoviesListViewModel

    init(viewModel: MoviesListViewModel) {
        self.viewModel = viewModel
        viewModel.listener = self
    }

    var title: Label { outlets.title }
    var widgets: [any Widget] { outlets.widgets }

    func viewDidLoad() {
        outlets.searchField.onSubmit = { [weak self] query in
            self?.endEditing()
            self?.viewModel.handle(event: .didSearch(query: query))
        }
        outlets.searchField.onCancel = { [weak self] in
            self?.viewModel.handle(event: .didCancelSearch)
            self?.endEditing()
        }
        outlets.searchField.onBeginEditing = { [weak self] in self?.viewModel.handle(event: .showQueriesSuggestions) }
        outlets.list.onReachEnd = { [weak self] in
            guard let self, !outlets.list.isEmpty else { return }
            viewModel.handle(event: .didLoadNextPage)
        }
        outlets.loadMoreButton.onTap = { [weak self] in self?.viewModel.handle(event: .didLoadNextPage) }
        outlets.list.onSelect = { [weak self] index in self?.viewModel.handle(event: .didSelectItem(at: index)) }
        viewModel.handle(event: .viewDidLoad)
    }

    // MARK: Child view (the coordinator embeds the suggestions here)

    /// Shows `child` in the suggestions container and loads it.
    func add(child: MoviesQueriesListView) {
        suggestionsView = child
        outlets.suggestionsListContainer.children = child.widgets
        child.viewDidLoad()
    }

    /// Takes the suggestions out; the child view goes with it.
    func removeChild() {
        outlets.suggestionsListContainer.children = []
        suggestionsView = nil
    }

    // MARK: ViewModelListener

    func handle(event: MoviesListViewModel.ViewModelEvent) {
        switch event {
        case .updateTitle(let screenTitle): outlets.title.text = screenTitle
        case .updateSearchBarPlaceholder(let placeholder): outlets.searchField.placeholder = placeholder
        case .updateEmptyDataTitle(let emptyDataTitle): outlets.emptyDataLabel.text = emptyDataTitle
        case .items(let items): outlets.show(items: items)
        case .isEmpty(let isEmpty):
            outlets.emptyDataLabel.isHidden = !isEmpty
            outlets.loadMoreButton.isHidden = isEmpty
        case .canLoadNextPage(let enabled): outlets.loadMoreButton.isEnabled = enabled
        case .pageInfo(let pageInfo): outlets.pageLabel.text = pageInfo
        case .query(let query): outlets.searchField.text = query
        case .loading(let loading):
            outlets.showNextPageLoading(loading)
            if (loading == .fullScreen) != isLoadingFullScreen {
                isLoadingFullScreen = loading == .fullScreen
                container?.handle(event: .loading(isLoadingFullScreen))
            }
        case .error(let message):
            container?.handle(event: .error(message))
        }
    }

    // MARK: Private

    /// The search field lets go of the keyboard: the suggestions close.
    private func endEditing() {
        guard suggestionsView != nil else { return }
        viewModel.handle(event: .closeQueriesSuggestions)
    }
}
