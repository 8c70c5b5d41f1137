import BindingKit

/// One film's row (the `MoviesListItemCell` of "Clean architecture and MVVM
/// in iOS"), given its view model through `anyViewModel` like the Tinkoff
/// article's `OrderCell`.
final class MoviesListItemCell: TableViewCell, IHaveViewModel {
    typealias ViewModel = MoviesListItemViewModel

    deinit { removeAssociatedObjects(self) }

    func viewModelChanged(_ viewModel: MoviesListItemViewModel) {
        text = viewModel.title
        detail = viewModel.year
    }
}

/// The movies search screen's content (the `MoviesListViewController` of
/// "Clean architecture and MVVM in iOS"), bound the Tinkoff article's way: it
/// calls its view model's inputs directly, and on every `changed` re-sets
/// every widget from the view model's outputs.
///
/// The layout is the common movies screen, the same in every backend (BindingKit's
/// `MoviesListOutlets`).
final class MoviesListView: Screen, IHaveViewModel, MoviesSuggestionsContainer {
    typealias ViewModel = MoviesListViewModel

    /// The screen's widgets, the same in every backend (BindingKit's).
    let outlets = MoviesListOutlets()
    /// The embedded suggestions view, held like a child view controller.
    private(set) var suggestionsView: MoviesQueriesListView?
    private lazy var reusableCell = MoviesListItemCell()

    deinit { removeAssociatedObjects(self) }

    var title: Label { outlets.title }
    var widgets: [any Widget] { outlets.widgets }

    func viewDidLoad() {
        outlets.searchField.onSubmit = { [weak self] query in
            self?.endEditing()
            self?.viewModel?.didSearch(query: query)
        }
        outlets.searchField.onCancel = { [weak self] in
            self?.viewModel?.didCancelSearch()
            self?.endEditing()
        }
        outlets.searchField.onBeginEditing = { [weak self] in self?.viewModel?.showQueriesSuggestions() }
        outlets.list.onReachEnd = { [weak self] in
            guard let self, !outlets.list.isEmpty else { return }
            viewModel?.didLoadNextPage()
        }
        outlets.loadMoreButton.onTap = { [weak self] in self?.viewModel?.didLoadNextPage() }
        outlets.list.onSelect = { [weak self] index in self?.viewModel?.didSelectItem(at: index) }
        viewModel?.viewDidLoad()
    }

    /// Everything again, whatever changed.
    func viewModelChanged(_ viewModel: MoviesListViewModel) {
        outlets.title.text = viewModel.screenTitle
        outlets.searchField.placeholder = viewModel.searchBarPlaceholder
        outlets.searchField.text = viewModel.query
        reloadData(viewModel.items)
        outlets.emptyDataLabel.text = viewModel.emptyDataTitle
        outlets.emptyDataLabel.isHidden = !viewModel.isEmpty
        outlets.loadMoreButton.isHidden = viewModel.isEmpty
        outlets.loadMoreButton.isEnabled = viewModel.canLoadNextPage
        outlets.pageLabel.text = viewModel.pageInfo
        outlets.showNextPageLoading(viewModel.loading)
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

    /// `tableView.reloadData()`: the list asks for the rows it draws, each
    /// configured in the cell through its type-erased `anyViewModel`.
    ///
    /// - Complexity: O(1) here; each draw after it configures at most
    ///   `ListWidget.visibleRows` rows, one associated-object write each.
    private func reloadData(_ items: [MoviesListItemViewModel]) {
        outlets.list.reload(count: items.count) { [weak self] index in
            self?.dequeueReusableCell().configure(with: items[index]) ?? ListWidget.Row("")
        }
    }

    private func dequeueReusableCell() -> TableViewCell { reusableCell }

    /// The search field lets go of the keyboard: the suggestions close.
    private func endEditing() {
        guard suggestionsView != nil else { return }
        viewModel?.closeQueriesSuggestions()
    }
}
