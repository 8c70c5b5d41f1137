import BindingKit

/// The movies search screen's content (the Clean Architecture article's
/// `MoviesListViewController`): it calls its view model's inputs directly
/// and observes its outputs, each block capturing `[weak self]` and reaching
/// the view model only through `self` — the article's rule, since a block
/// that captures `viewModel` closes a retain cycle (view model → observable
/// → block → view model).
///
/// The layout is the common movies screen, the same in every backend (see the
/// `delegate` backend's `MoviesListView`).
final class MoviesListView: Screen, MoviesSuggestionsContainer {
    let outlets = MoviesListOutlets()
    /// The embedded suggestions view, held like a child view controller.
    private(set) var suggestionsView: MoviesQueriesListView?
    private let viewModel: any MoviesListViewModel
    private var cells: [MoviesListItemCell] = []

    init(viewModel: any MoviesListViewModel) {
        self.viewModel = viewModel
    }

    var title: Label { outlets.title }
    var widgets: [any Widget] { outlets.widgets }

    /// The article's order: the views, the behaviours, `bind(to:)`, then the
    /// view model's `viewDidLoad()`.
    func viewDidLoad() {
        setupViews()
        setupBehaviours()
        bind(to: viewModel)
        viewModel.viewDidLoad()
    }

    private func setupViews() {
        outlets.title.text = viewModel.screenTitle
        outlets.searchField.placeholder = viewModel.searchBarPlaceholder
        outlets.emptyDataLabel.text = viewModel.emptyDataTitle
    }

    private func setupBehaviours() {
        outlets.searchField.onSubmit = { [weak self] query in self?.searchBarSearchButtonClicked(query) }
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
    }

    private func bind(to viewModel: any MoviesListViewModel) {
        viewModel.items.observe(on: self) { [weak self] in self?.updateItems($0) }
        viewModel.loading.observe(on: self) { [weak self] in self?.updateLoading($0) }
        viewModel.query.observe(on: self) { [weak self] in self?.updateSearchQuery($0) }
    }

    /// The article's `searchBarSearchButtonClicked`: the empty-query guard
    /// is the view's.
    private func searchBarSearchButtonClicked(_ searchText: String) {
        guard !searchText.isEmpty else { return }
        endEditing()
        viewModel.didSearch(query: searchText)
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

    /// The table's reload, as a data source (`reloadData()`): each drawn
    /// row is a reused cell filled with its view model, now, so that its
    /// poster is asked for in this turn; the rows below the window have no
    /// cell, as in UIKit, and are asked for only if read.
    ///
    /// - Complexity: O(1) in the rows loaded; at most `visibleRows` cells
    ///   are filled.
    private func updateItems(_ items: [MoviesListItemViewModel]) {
        let drawn = (0..<min(items.count, ListWidget.visibleRows)).map { index in
            let cell = dequeueReusableCell(at: index)
            cell.fill(with: items[index])
            return cell.row
        }
        outlets.list.reload(count: items.count) { index in
            index < drawn.count ? drawn[index] : ListWidget.Row(items[index].title, detail: items[index].year)
        }
        outlets.emptyDataLabel.isHidden = !viewModel.isEmpty
        outlets.loadMoreButton.isHidden = viewModel.isEmpty
        outlets.pageLabel.text = viewModel.pageInfo
    }

    /// The cell for drawn row `index`, made on first use and reused after.
    private func dequeueReusableCell(at index: Int) -> MoviesListItemCell {
        while cells.count <= index {
            cells.append(MoviesListItemCell())
        }
        return cells[index]
    }

    /// The footer spinner; the container shows the full-screen one.
    /// The Load more button follows the loading too: `canLoadNextPage`
    /// changes only with it (or with the pages, which end in a loading set).
    private func updateLoading(_ loading: MoviesListViewModelLoading?) {
        outlets.showNextPageLoading(loading)
        outlets.loadMoreButton.isEnabled = viewModel.canLoadNextPage
    }

    private func updateSearchQuery(_ query: String) {
        outlets.searchField.text = query
    }

    /// The search field lets go of the keyboard: the suggestions close.
    private func endEditing() {
        guard suggestionsView != nil else { return }
        viewModel.closeQueriesSuggestions()
    }
}
