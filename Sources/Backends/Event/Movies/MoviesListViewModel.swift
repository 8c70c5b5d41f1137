import BindingKit
import Domain

/// Seed 004's navigation: closures the flow coordinator hands the view model,
/// so that it can ask for another screen without knowing the navigator.
struct MoviesListViewModelActions {
    let showMovieDetails: (Movie) -> Void
    let showMovieQueriesSuggestions: (_ didSelect: @escaping (MovieQuery) -> Void) -> Void
    let closeMovieQueriesSuggestions: () -> Void
}

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
    var isEmpty: Bool { items.isEmpty }
    /// "Page 1 of 3", or "" while there are no items. Read from the pages,
    /// not `items`: the list reads it while `$items` is being raised, that
    /// is inside the write to `items` (see `Observable`).
    var pageInfo: String {
        pages.movies.isEmpty ? "" : "Page \(pages.currentPage) of \(pages.totalPageCount)"
    }
    let screenTitle = "Movies"
    let emptyDataTitle = "Search results"
    /// The alert's title; the container titles every alert "Error", this same word.
    let errorTitle = "Error"
    let searchBarPlaceholder = "Search Movies"

    // MARK: Pagination

    /// Seed 004's `currentPage`, `totalPageCount`, `hasMorePages`, `nextPage`
    /// and the pages loaded so far, kept by BindingKit's `MoviesPages`.
    private var pages = MoviesPages()
    /// The load in flight; a new one calls the old one off.
    private var moviesLoadTask: (any Cancellable)? {
        willSet { moviesLoadTask?.cancel() }
    }

    private let searchMoviesUseCase: SearchMoviesUseCase
    private let actions: MoviesListViewModelActions?
    private let tracer: Tracer
    private let tracker: LiveObjects.Token

    init(searchMoviesUseCase: SearchMoviesUseCase, actions: MoviesListViewModelActions?, world: World) {
        self.searchMoviesUseCase = searchMoviesUseCase
        self.actions = actions
        self.tracer = world.tracer
        self.tracker = world.alive.track(Self.self)
        traceEvents(of: self, to: world.tracer)
    }

    // MARK: Input

    /// Nothing to send: the views read the fixed titles themselves, and
    /// subscribing delivers nothing until a property is set.
    func viewDidLoad() {}

    func didSearch(query: String) {
        guard !query.isEmpty else { return }
        update(movieQuery: MovieQuery(query: query))
    }

    func didLoadNextPage() {
        guard pages.hasMorePages, loading == nil else { return }
        load(movieQuery: MovieQuery(query: query), loading: .nextPage)
    }

    func didSelectItem(at index: Int) {
        let movies = pages.movies
        guard movies.indices.contains(index) else { return }
        perform("showMovieDetails(_:)") { $0.showMovieDetails(movies[index]) }
    }

    func didCancelSearch() {
        moviesLoadTask = nil  // cancels it
        if loading != nil { loading = nil }
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
        update(movieQuery: movieQuery)
    }

    private func update(movieQuery: MovieQuery) {
        resetPages()
        load(movieQuery: movieQuery, loading: .fullScreen)
    }

    private func resetPages() {
        pages.reset()
        items.removeAll()
    }

    private func load(movieQuery: MovieQuery, loading: MoviesListViewModelLoading) {
        self.loading = loading
        query = movieQuery.query
        let request = SearchMoviesUseCase.RequestValue(query: movieQuery, page: pages.nextPage)
        moviesLoadTask = searchMoviesUseCase.execute(requestValue: request) { [weak self] result in
            guard let self else { return }
            switch result {
            case .success(let page): appendPage(page)
            case .failure(let error): handle(error: error)
            }
            self.loading = nil
        }
    }

    private func appendPage(_ moviesPage: MoviesPage) {
        pages.append(moviesPage)
        items = pages.movies.map(MoviesListItemViewModel.init)
    }

    /// Seed 004 tells the user only two things: offline, or it failed.
    private func handle(error: DataError) {
        self.error = MoviesPages.errorMessage(for: error)
    }

    /// Calls the flow coordinator through the actions it handed over.
    private func perform(_ message: String, _ call: (MoviesListViewModelActions) -> Void) {
        tracer.hop(message, from: Self.self, to: actions.map { _ in MoviesListViewModelActions.self })
        actions.map(call)
    }
}
