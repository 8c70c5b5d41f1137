import BindingKit

/// The movies search screen's content (the `MoviesListViewController` of
/// "Clean architecture and MVVM in iOS"), bound the Tinkoff article's way: it
/// calls its view model's inputs directly and subscribes to the outputs it
/// draws, one handler per property.
///
/// Its widgets are BindingKit's `MoviesListOutlets`, the same in every
/// backend; what is this backend's is how they are wired.
final class MoviesListView: Screen, MoviesSuggestionsContainer {
    let outlets = MoviesListOutlets()
    /// The embedded suggestions view, held like a child view controller.
    private(set) var suggestionsView: MoviesQueriesListView?
    private let viewModel: MoviesListViewModel

    init(viewModel: MoviesListViewModel) {
        self.viewModel = viewModel
    }

    var title: Label { outlets.title }
    var widgets: [any Widget] { outlets.widgets }

    func viewDidLoad() {
        bind(to: viewModel)
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

    /// The fixed titles are read once; each output gets a handler. Nothing
    /// is delivered on subscribe, so what is shown until the first set is
    /// what the view draws itself.
    private func bind(to viewModel: MoviesListViewModel) {
        outlets.title.text = viewModel.screenTitle
        outlets.searchField.placeholder = viewModel.searchBarPlaceholder
        outlets.emptyDataLabel.text = viewModel.emptyDataTitle
        viewModel.$items.subscribe(self) { this, items in this.update(items: items) }
        viewModel.$loading.subscribe(self) { this, loading in this.outlets.showNextPageLoading(loading) }
        viewModel.$query.subscribe(self) { this, query in this.outlets.searchField.text = query }
        viewModel.$canLoadNextPage.subscribe(self) { this, canLoadNextPage in
            this.outlets.loadMoreButton.isEnabled = canLoadNextPage
        }
    }

    private func update(items: [MoviesListItemViewModel]) {
        outlets.list.reload(items.map(\.row))
        outlets.emptyDataLabel.isHidden = !items.isEmpty
        outlets.loadMoreButton.isHidden = items.isEmpty
        outlets.pageLabel.text = viewModel.pageInfo
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

    // MARK: Private

    /// The search field lets go of the keyboard: the suggestions close.
    private func endEditing() {
        guard suggestionsView != nil else { return }
        viewModel.closeQueriesSuggestions()
    }
}
