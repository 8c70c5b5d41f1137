import BindingKit
import Domain

/// The navigation closures of "Clean architecture and MVVM in iOS"
/// (BindingKit's), in that article's own form: the suggestions list gets a
/// `didSelect` closure.
typealias MoviesListViewModelActions = BindingKit.MoviesListViewModelActions<(MovieQuery) -> Void>

/// What the view calls (the article's `MoviesListViewModelInput`).
protocol MoviesListViewModelInput: AnyObject {
    func viewDidLoad()
    func didSearch(query: String)
    func didLoadNextPage()
    func didSelectItem(at index: Int)
    func didCancelSearch()
    func showQueriesSuggestions()
    func closeQueriesSuggestions()
}

/// The movies list's view model (the `DefaultMoviesListViewModel` of "Clean
/// architecture and MVVM in iOS"): searches page by page. Its outputs are
/// that article's, each an `@Observable` property (the Tinkoff article's
/// wrapper, where the Clean Architecture article has its own `Observable`
/// class): a view subscribes to `$items`, `$loading`, `$query`, `$error`,
/// `$canLoadNextPage`, and every set, equal values too, reaches their
/// subscribers at once.
///
/// `$loading` has two: the list (its footer spinner) and the container (its
/// full-screen spinner), in the dictionary's order.
final class MoviesListViewModel: MoviesListViewModelInput {
    // MARK: Output

    @Observable private(set) var items: [MoviesListItemViewModel] = []
    @Observable private(set) var loading: MoviesListViewModelLoading?
    @Observable private(set) var query = ""
    @Observable private(set) var error = ""
    /// The article's guard in `didLoadNextPage()`, as an output: the Load more
    /// button's enabled state.
    @Observable private(set) var canLoadNextPage = false
    var isEmpty: Bool { search.isEmpty }
    /// "Page 1 of 3", or "" while there are no items. The list reads it while
    /// `$items` is being raised, that is inside the write to `items` (see
    /// `Observable`): it comes from the search, never from `items`.
    var pageInfo: String { search.pageInfo }
    let screenTitle = "Movies"
    let emptyDataTitle = "Search results"
    /// The alert's title; the container titles every alert "Error", this same word.
    let errorTitle = "Error"
    let searchBarPlaceholder = "Search Movies"

    // MARK: Pagination

    /// The article's search sequence and pagination, BindingKit's: this view
    /// model calls it and sets its `@Observable` outputs from its answers.
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

    /// Nothing to send: the views read the fixed titles themselves, and
    /// subscribing delivers nothing until a property is set.
    func viewDidLoad() {}

    func didSearch(query: String) {
        load(search.search(query: query))
    }

    func didLoadNextPage() {
        load(search.loadNextPage())
    }

    func didSelectItem(at index: Int) {
        guard let movie = search.movie(at: index) else { return }
        actions?.showMovieDetails(movie)
    }

    func didCancelSearch() {
        moviesLoadTask = nil  // cancels it
        guard search.cancel() else { return }
        loading = nil
        canLoadNextPage = search.canLoadNextPage
    }

    func showQueriesSuggestions() {
        actions?.showMovieQueriesSuggestions { [weak self] movieQuery in
            self?.didSelectRecentQuery(movieQuery)
        }
    }

    func closeQueriesSuggestions() {
        actions?.closeMovieQueriesSuggestions()
    }

    // MARK: Private

    /// A recent query was picked: the suggestions close and the query is searched.
    private func didSelectRecentQuery(_ movieQuery: MovieQuery) {
        closeQueriesSuggestions()
        load(search.search(movieQuery))
    }

    /// Sets the outputs a step of the search changed, each set raising its
    /// event, then asks for its page (the article's `load(movieQuery:loading:)`).
    private func load(_ request: MoviesSearch.Request?) {
        guard let request else { return }
        if request.isNewSearch { items.removeAll() }
        loading = request.loading
        query = request.query
        canLoadNextPage = search.canLoadNextPage
        moviesLoadTask = searchMoviesUseCase.execute(requestValue: request.requestValue) { [weak self] result in
            guard let self else { return }
            switch search.receive(result) {
            case .page(let update): update.apply(to: &items)
            case .failure(let message): error = message
            }
            loading = search.loading
            canLoadNextPage = search.canLoadNextPage
        }
    }
}
