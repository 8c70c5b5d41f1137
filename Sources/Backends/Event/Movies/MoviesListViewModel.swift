import BindingKit
import Domain

/// Seed 004's navigation closures (BindingKit's), in seed 004's own form:
/// the suggestions list gets a `didSelect` closure.
typealias MoviesListViewModelActions = BindingKit.MoviesListViewModelActions<(MovieQuery) -> Void>

/// What the view calls (seed 004's `MoviesListViewModelInput`).
protocol MoviesListViewModelInput: AnyObject {
    func viewDidLoad()
    func didSearch(query: String)
    func didLoadNextPage()
    func didSelectItem(at index: Int)
    func didCancelSearch()
    func showQueriesSuggestions()
    func closeQueriesSuggestions()
}

/// The movies list's view model (seed 004's `DefaultMoviesListViewModel`):
/// searches page by page. Its outputs are seed 004's, each an `@Observable`
/// property (seed 001's wrapper, where seed 004 has its own `Observable`
/// class): a view subscribes to `$items`, `$loading`, `$query`, `$error`,
/// `$canLoadNextPage`,
/// and every set, equal values too, reaches their subscribers at once.
///
/// `$loading` has two: the list (its footer spinner) and seed 002's
/// container (its full-screen spinner), in the dictionary's order.
final class MoviesListViewModel: MoviesListViewModelInput {
    // MARK: Output

    @Observable private(set) var items: [MoviesListItemViewModel] = []
    @Observable private(set) var loading: MoviesListViewModelLoading?
    @Observable private(set) var query = ""
    @Observable private(set) var error = ""
    /// Seed 004's guard in `didLoadNextPage()`, as an output: the Load more
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

    /// Seed 004's search sequence and pagination, BindingKit's: this view
    /// model calls it and sets its `@Observable` outputs from its answers.
    private var search = MoviesSearch()
    /// The load in flight; a new one calls the old one off.
    private var moviesLoadTask: (any Cancellable)? {
        willSet { moviesLoadTask?.cancel() }
    }

    private let searchMoviesUseCase: SearchMoviesUseCase
    private let actions: MoviesListViewModelActions?
    private let tracer: Tracer

    init(searchMoviesUseCase: SearchMoviesUseCase, actions: MoviesListViewModelActions?, world: World) {
        self.searchMoviesUseCase = searchMoviesUseCase
        self.actions = actions
        self.tracer = world.tracer
        traceEvents(of: self, to: world.tracer)
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
        perform("showMovieDetails(_:)") { $0.showMovieDetails(movie) }
    }

    func didCancelSearch() {
        moviesLoadTask = nil  // cancels it
        guard search.cancel() else { return }
        loading = nil
        canLoadNextPage = search.canLoadNextPage
    }

    func showQueriesSuggestions() {
        perform("showMovieQueriesSuggestions(didSelect:)") {
            $0.showMovieQueriesSuggestions { [weak self] movieQuery in
                self?.didSelectRecentQuery(movieQuery)
            }
        }
    }

    func closeQueriesSuggestions() {
        perform("closeMovieQueriesSuggestions()") { $0.closeMovieQueriesSuggestions() }
    }

    // MARK: Private

    /// A recent query was picked: the suggestions close and the query is searched.
    private func didSelectRecentQuery(_ movieQuery: MovieQuery) {
        closeQueriesSuggestions()
        load(search.search(movieQuery))
    }

    /// Sets the outputs a step of the search changed, each set raising its
    /// event, then asks for its page (seed 004's `load(movieQuery:loading:)`).
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

    /// Calls the flow coordinator through the actions it handed over.
    private func perform(_ message: String, _ call: (MoviesListViewModelActions) -> Void) {
        tracer.hop(message, from: Self.self, to: actions)
        actions.map(call)
    }
}
