import BindingKit
import Domain

/// The navigation closures of "Clean architecture and MVVM in iOS"
/// (BindingKit's). The article hands the suggestions list a `didSelect`
/// closure; this backend hands over the view model itself, as the
/// suggestions list's delegate (the repository's "delegation" variant of the
/// same wiring).
typealias MoviesListViewModelActions = BindingKit.MoviesListViewModelActions<
    any MoviesQueryListViewModelDelegate
>

/// What the view calls (the Clean Architecture article's `MoviesListViewModelInput`).
protocol MoviesListViewModelInput: AnyObject {
    func viewDidLoad()
    func didSearch(query: String)
    func didLoadNextPage()
    func didSelectItem(at index: Int)
    func didCancelSearch()
    func showQueriesSuggestions()
    func closeQueriesSuggestions()
}

/// The Clean Architecture article's `MoviesListViewModelOutput`, the QIWI
/// article's first way: instead of observable properties, one delegate
/// method per output, and the view must implement every one of them.
///
/// The full-screen loading and the errors go to the container instead
/// (`IContainer`): one delegate cannot be two views.
protocol MoviesListViewModelDelegate: AnyObject {
    func didUpdate(screenTitle: String)
    func didUpdate(searchBarPlaceholder: String)
    func didUpdate(emptyDataTitle: String)
    func didUpdate(items: [MoviesListItemViewModel])
    func didUpdate(isEmpty: Bool)
    /// "Page 1 of 3", or "" while there are no items.
    func didUpdate(pageInfo: String)
    func didUpdate(loading: MoviesListViewModelLoading?)
    /// Whether the next page can be asked for: more pages, nothing loading.
    func didUpdate(canLoadNextPage: Bool)
    func didUpdate(query: String)
}

/// The movies list's view model (the Clean Architecture article's
/// `DefaultMoviesListViewModel`): searches page by page and tells its view
/// through a weak delegate.
///
/// Every output is a stored property whose `didSet` calls the delegate, so
/// that, as with that article's `Observable`, every set is delivered (equal
/// values too) synchronously. Unlike that article there is no main-queue
/// hop: the orders screen of this backend has none either.
final class MoviesListViewModel: MoviesListViewModelInput, MoviesQueryListViewModelDelegate {
    weak var delegate: (any MoviesListViewModelDelegate)?
    /// The container: a second listener, of its own protocol.
    weak var listener: (any IContainer)?

    // MARK: Output

    let screenTitle = "Movies"
    let emptyDataTitle = "Search results"
    /// The alert's title. `IContainer.showError(error:)` takes no title: the
    /// container titles every alert "Error" itself, which is this same word.
    let errorTitle = "Error"
    let searchBarPlaceholder = "Search Movies"

    // TASK 8: the movies search and paging. Each output is a stored property:
    // tell the delegate in its `didSet` — the items with `isEmpty` and
    // `pageInfo`; the loading with `canLoadNextPage`, and the container when
    // a full-screen load starts (`showLoading()`) or ends (`hideLoading()`);
    // the query; the error to the container (`showError(error:)`).
    private(set) var items: [MoviesListItemViewModel] = []
    private(set) var loading: MoviesListViewModelLoading?
    private(set) var query = ""
    private(set) var error = ""
    var isEmpty: Bool { items.isEmpty }
    /// The article's guard in `didLoadNextPage()`, as an output: the Load
    /// more button's enabled state.
    var canLoadNextPage: Bool { search.canLoadNextPage }
    private var pageInfo: String { search.pageInfo }

    // MARK: Pagination

    /// The article's search sequence and pagination, BindingKit's: this
    /// view model calls it and publishes its answers.
    private var search = MoviesSearch()
    /// The load in flight; a new one calls the old one off.
    private var moviesLoadTask: (any Cancellable)? {
        willSet { moviesLoadTask?.cancel() }
    }

    private let searchMoviesUseCase: SearchMoviesUseCase
    private let actions: MoviesListViewModelActions?

    init(searchMoviesUseCase: SearchMoviesUseCase, actions: MoviesListViewModelActions?) {
        self.searchMoviesUseCase = searchMoviesUseCase
        self.actions = actions
    }

    // MARK: Input

    func viewDidLoad() {
        delegate?.didUpdate(screenTitle: screenTitle)
        delegate?.didUpdate(searchBarPlaceholder: searchBarPlaceholder)
        delegate?.didUpdate(emptyDataTitle: emptyDataTitle)
    }

    // TASK 8: a search asks `search.search(query:)` what to do, the next
    // page `search.loadNextPage()`; `load(_:)` below does it.
    func didSearch(query: String) {}

    func didLoadNextPage() {}

    func didSelectItem(at index: Int) {
        guard let movie = search.movie(at: index) else { return }
        actions?.showMovieDetails(movie)
    }

    func didCancelSearch() {
        moviesLoadTask = nil  // cancels it
        if search.cancel() { loading = nil }
    }

    func showQueriesSuggestions() {
        actions?.showMovieQueriesSuggestions(self)
    }

    func closeQueriesSuggestions() {
        actions?.closeMovieQueriesSuggestions()
    }

    // MARK: MoviesQueryListViewModelDelegate

    /// A recent query was picked: the list closes and the query is searched.
    func moviesQueriesListDidSelect(movieQuery: MovieQuery) {
        closeQueriesSuggestions()
        load(search.search(movieQuery))
    }

    // MARK: Private

    /// Publishes what a step of the search changed, then asks for its page
    /// (the article's `load(movieQuery:loading:)`).
    // TASK 8: nothing to do for a nil request. Else: a new search empties the
    // items (`request.isNewSearch`); publish `request.loading` and
    // `request.query`; then run the use case with `request.requestValue`,
    // keeping what it returns in `moviesLoadTask`. Its answer goes to
    // `search.receive(_:)`, which says what to publish: a page of rows
    // (`update.apply(to: &items)`) or an error's message; then the loading
    // state (`search.loading`).
    private func load(_ request: MoviesSearch.Request?) {
        _ = (request, searchMoviesUseCase)
    }
}
