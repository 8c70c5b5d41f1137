import BindingKit

/// The movies search screen's content (the Clean Architecture article's
/// `MoviesListViewController`), the QIWI article's `View` of the movies list
/// view model: gestures out through `output`, the view model's events in
/// through `handle(event:)`, a main-queue turn after they were sent. Its
/// container is bound to the same view model and shows the full-screen
/// loading and the errors.
///
/// The layout is the common movies screen, the same in every backend (BindingKit's
/// `MoviesListOutlets`).
final class MoviesListView: AssociatedObjectsHost, Screen, View, MoviesSuggestionsContainer {
    /// The screen's widgets, the same in every backend (BindingKit's).
    let outlets = MoviesListOutlets()
    let output = Output<MoviesListViewModel.ViewEvent>()
    /// The embedded suggestions view, held like a child view controller.
    private(set) var suggestionsView: MoviesQueriesListView?

    var title: Label { outlets.title }
    var widgets: [any Widget] { outlets.widgets }

    func viewDidLoad() {
        outlets.searchField.onSubmit = { [weak self] query in
            self?.endEditing()
            self?.output.send(.didSearch(query: query))
        }
        outlets.searchField.onCancel = { [weak self] in
            self?.output.send(.didCancelSearch)
            self?.endEditing()
        }
        outlets.searchField.onBeginEditing = { [weak self] in self?.output.send(.showQueriesSuggestions) }
        outlets.list.onReachEnd = { [weak self] in
            guard let self, !outlets.list.isEmpty else { return }
            output.send(.didLoadNextPage)
        }
        outlets.loadMoreButton.onTap = { [weak self] in self?.output.send(.didLoadNextPage) }
        outlets.list.onSelect = { [weak self] index in self?.output.send(.didSelectItem(at: index)) }
    }

    // MARK: Child view (the coordinator embeds the suggestions here)

    /// Shows `child` (already bound to its view model) in the suggestions container.
    func add(child: MoviesQueriesListView) {
        suggestionsView = child
        outlets.suggestionsListContainer.children = child.widgets
    }

    /// Takes the suggestions out; the child view goes with it.
    func removeChild() {
        outlets.suggestionsListContainer.children = []
        suggestionsView = nil
    }

    // MARK: View

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
        case .error:
            break  // the container's
        }
    }

    // MARK: Private

    /// The search field lets go of the keyboard: the suggestions close.
    private func endEditing() {
        guard suggestionsView != nil else { return }
        output.send(.closeQueriesSuggestions)
    }
}
