import BindingKit
import Domain
import Observation

/// Seed 004's navigation: closures the flow coordinator hands the view model,
/// so that it can ask for another screen without knowing the navigator.
struct MoviesListViewModelActions {
    let showMovieDetails: (Movie) -> Void
    /// Seed 004's own form: the suggestions list gets a `didSelect` closure.
    let showMovieQueriesSuggestions: (_ didSelect: @escaping (MovieQuery) -> Void) -> Void
    let closeMovieQueriesSuggestions: () -> Void
}

/// The movies list's view model (seed 004's `DefaultMoviesListViewModel`) as
/// an `@Observable` class: seed 004's `MoviesListViewModelOutput` — each an
/// `Observable<Value>` there — are plain stored properties here, and its
/// input methods are plain methods the view calls.
///
/// Nothing is sent. The list view reads the items, the query, the loading
/// kind and the page info; the container reads `isLoadingFullScreen` and
/// `error`: each is re-rendered only for what it read. Unlike seed 004's
/// `Observable`, a set to an equal value notifies nobody (the macro compares
/// `Equatable` values before it notifies).
@Observable final class MoviesListViewModel: ContainerViewModel {
    // MARK: Output

    let screenTitle = "Movies"
    let emptyDataTitle = "Search results"
    let searchBarPlaceholder = "Search Movies"

    private(set) var items: [MoviesListItemViewModel] = []
    private(set) var loading: MoviesListViewModelLoading?
    private(set) var query = ""
    /// The error of the last load; nil from the start of the next one, so that
    /// the same failure twice is two errors.
    private(set) var error: String?
    var isEmpty: Bool { items.isEmpty }
    /// "Page 1 of 3", or "" while there are no items.
    private(set) var pageInfo = ""
    var isLoadingFullScreen: Bool { loading == .fullScreen }

    // MARK: Pagination

    /// Seed 004's `currentPage`, `totalPageCount`, `hasMorePages`, `nextPage`
    /// and the pages loaded so far, kept by BindingKit's `MoviesPages`; no
    /// view reads it, so it is not tracked.
    @ObservationIgnored private var pages = MoviesPages()
    /// The load in flight; a new one calls the old one off.
    @ObservationIgnored private var moviesLoadTask: (any Cancellable)? {
        willSet { moviesLoadTask?.cancel() }
    }

    @ObservationIgnored private let searchMoviesUseCase: SearchMoviesUseCase
    @ObservationIgnored private let actions: MoviesListViewModelActions?
    @ObservationIgnored private let tracer: Tracer
    @ObservationIgnored private let tracker: LiveObjects.Token

    init(searchMoviesUseCase: SearchMoviesUseCase, actions: MoviesListViewModelActions?, world: World) {
        self.searchMoviesUseCase = searchMoviesUseCase
        self.actions = actions
        self.tracer = world.tracer
        self.tracker = world.alive.track(Self.self)
    }

    // MARK: Input

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
        loading = nil
    }

    func showQueriesSuggestions() {
        let tracer = tracer
        perform("showMovieQueriesSuggestions(didSelect:)") {
            $0.showMovieQueriesSuggestions { [weak self] movieQuery in
                tracer.hop(
                    "didSelect(\"\(movieQuery.query)\")", from: MoviesQueriesListViewModel.self,
                    to: self.map { type(of: $0) })
                self?.didSelect(movieQuery: movieQuery)
            }
        }
    }

    func closeQueriesSuggestions() {
        perform("closeMovieQueriesSuggestions()") { $0.closeMovieQueriesSuggestions() }
    }

    // MARK: Private

    /// A recent query was picked (seed 004's `didSelect`): the list closes and
    /// the query is searched.
    private func didSelect(movieQuery: MovieQuery) {
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
        pageInfo = ""
    }

    private func load(movieQuery: MovieQuery, loading: MoviesListViewModelLoading) {
        error = nil
        self.loading = loading
        query = movieQuery.query
        let request = SearchMoviesUseCase.RequestValue(query: movieQuery, page: pages.nextPage)
        moviesLoadTask = searchMoviesUseCase.execute(requestValue: request) { [weak self] result in
            guard let self else { return }
            switch result {
            case .success(let page): appendPage(page)
            case .failure(let error): self.error = MoviesPages.errorMessage(for: error)
            }
            self.loading = nil
        }
    }

    private func appendPage(_ moviesPage: MoviesPage) {
        pages.append(moviesPage)
        items = pages.movies.map(MoviesListItemViewModel.init)
        pageInfo = isEmpty ? "" : "Page \(pages.currentPage) of \(pages.totalPageCount)"
    }

    /// Calls the flow coordinator through the actions it handed over.
    private func perform(_ message: String, _ call: (MoviesListViewModelActions) -> Void) {
        tracer.hop(message, from: Self.self, to: actions.map { _ in MoviesListViewModelActions.self })
        actions.map(call)
    }
}
