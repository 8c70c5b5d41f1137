import BindingKit

/// The movies search screen's content (the Clean Architecture article's
/// `MoviesListViewController`), bound the QIWI article's first way: it calls
/// its view model's inputs directly and implements one delegate method per
/// output. It holds its view model strongly; the view model knows it only as
/// a weak delegate.
///
/// The common movies screen, which every backend reproduces, is BindingKit's
/// `MoviesListOutlets` (its comment draws it), with the container's spinner
/// and alert around it.
///
/// The user's gestures: submitting a search closes the suggestions and
/// searches; cancelling calls the load off and closes the suggestions; tapping
/// the field shows the suggestions; scrolling to the end of a non-empty list
/// asks for the next page (an empty list has no last row to scroll to);
/// selecting a row opens the film's details; picking a recent query closes
/// the suggestions and searches it.
final class MoviesListView: Screen, MoviesListViewModelDelegate, MoviesSuggestionsContainer {
    /// The screen's widgets, the same in every backend (BindingKit's).
    let outlets = MoviesListOutlets()
    /// The embedded suggestions view, held like a child view controller.
    private(set) var suggestionsView: MoviesQueriesListView?
    private let viewModel: MoviesListViewModel

    init(viewModel: MoviesListViewModel) {
        self.viewModel = viewModel
        viewModel.delegate = self
    }

    var title: Label { outlets.title }
    var widgets: [any Widget] { outlets.widgets }

    func viewDidLoad() {
        outlets.searchField.onSubmit = { [weak self] query in
            self?.endEditing()
            self?.viewModel.didSearch(query: query)
        }
        outlets.searchField.onCancel = { [weak self] in
            self?.viewModel.didCancelSearch()
            self?.endEditing()
        }
        outlets.searchField.onBeginEditing = { [weak self] in self?.viewModel.showQueriesSuggestions() }
        outlets.list.onReachEnd = { [weak self] in
            guard let self, !outlets.list.isEmpty else { return }
            viewModel.didLoadNextPage()
        }
        outlets.loadMoreButton.onTap = { [weak self] in self?.viewModel.didLoadNextPage() }
        outlets.list.onSelect = { [weak self] index in self?.viewModel.didSelectItem(at: index) }
        viewModel.viewDidLoad()
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

    // MARK: MoviesListViewModelDelegate

    func didUpdate(screenTitle: String) { outlets.title.text = screenTitle }
    func didUpdate(searchBarPlaceholder: String) { outlets.searchField.placeholder = searchBarPlaceholder }
    func didUpdate(emptyDataTitle: String) { outlets.emptyDataLabel.text = emptyDataTitle }

    // TASK 8: show what the view model tells, on BindingKit's outlets:
    // `outlets.show(items:)`; when empty, the empty-data label shows and the
    // Load more button hides (`isHidden`), and the other way round; the button
    // is enabled while the next page can be asked for; `outlets.pageLabel`;
    // `outlets.showNextPageLoading(_:)`; the query into `outlets.searchField`.
    func didUpdate(items: [MoviesListItemViewModel]) {}
    func didUpdate(isEmpty: Bool) {}
    func didUpdate(canLoadNextPage: Bool) {}
    func didUpdate(pageInfo: String) {}
    func didUpdate(loading: MoviesListViewModelLoading?) {}
    func didUpdate(query: String) {}

    // MARK: Private

    /// The search field lets go of the keyboard: the suggestions close.
    private func endEditing() {
        guard suggestionsView != nil else { return }
        viewModel.closeQueriesSuggestions()
    }
}
