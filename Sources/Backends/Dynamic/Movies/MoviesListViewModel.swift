import BindingKit
import Domain

/// Seed 004's navigation: closures the flow coordinator hands the view model,
/// so that it can ask for another screen without knowing the navigator.
struct MoviesListViewModelActions {
    let showMovieDetails: (Movie) -> Void
    let showMovieQueriesSuggestions: (_ didSelect: @escaping (MovieQuery) -> Void) -> Void
    let closeMovieQueriesSuggestions: () -> Void
}

/// The movies list's view model (seed 004's `DefaultMoviesListViewModel`), the
/// seed 003 way: its outputs are `Dynamic`s, its inputs `Command`s.
///
/// `query` is bound both ways to the search field (`<<>>>`): what the user
/// types is in `query` at once, and a query picked from the recent ones
/// shows in the field. The search asks for `query`; the next page asks for
/// the query that was searched, whatever has been typed since.
final class MoviesListViewModel: ContainerViewModel {
    // MARK: Output

    let screenTitle = "Movies"
    let emptyDataTitle = "Search results"
    let errorTitle = "Error"
    let searchBarPlaceholder = "Search Movies"

    let items = Dynamic<[MoviesListItemViewModel]>([])
    let loading = Dynamic<MoviesListViewModelLoading?>(nil)
    let query = Dynamic("")
    let error = Dynamic<String?>(nil)
    /// "Page 1 of 3", or "" while there are no items.
    let pageInfo = Dynamic("")
    let isEmpty: Dynamic<Bool>
    /// Seed 002's container: the full-screen spinner.
    let isLoading: Dynamic<Bool>
    let hasMorePages = Dynamic(false)
    /// Seed 004's guard on the next page, as the "Load more" command's `enabled`.
    let canLoadNextPage: Dynamic<Bool>

    // MARK: Input

    /// Search `query` (seed 004's `didSearch(query:)`).
    private(set) lazy var search = Command<Void> { [weak self] _, _ in self?.didSearch() }.traced(
        "search", by: Self.self, in: world)
    private(set) lazy var loadNextPage = Command<Void>(enabled: canLoadNextPage) { [weak self] _, _ in
        self?.didLoadNextPage()
    }.traced("loadNextPage", by: Self.self, in: world)
    private(set) lazy var selectItem = Command<Int> { [weak self] index, _ in self?.didSelectItem(at: index) }
        .traced("selectItem", by: Self.self, in: world)
    private(set) lazy var cancelSearch = Command<Void> { [weak self] _, _ in self?.didCancelSearch() }.traced(
        "cancelSearch", by: Self.self, in: world)
    private(set) lazy var showQueriesSuggestions = Command<Void> { [weak self] _, _ in
        self?.perform("showMovieQueriesSuggestions(didSelect:)") {
            $0.showMovieQueriesSuggestions { [weak self] movieQuery in self?.didSelectRecentQuery(movieQuery) }
        }
    }.traced("showQueriesSuggestions", by: Self.self, in: world)
    private(set) lazy var closeQueriesSuggestions = Command<Void> { [weak self] _, _ in
        self?.closeSuggestions()
    }.traced("closeQueriesSuggestions", by: Self.self, in: world)

    // MARK: Private

    private var pages = MoviesPages() {
        didSet { hasMorePages.value = pages.hasMorePages }
    }
    /// The query whose pages are shown, for the next page.
    private var searchedQuery = MovieQuery(query: "")
    private var moviesLoadTask: (any Cancellable)? {
        willSet { moviesLoadTask?.cancel() }
    }
    private let searchMoviesUseCase: SearchMoviesUseCase
    private let actions: MoviesListViewModelActions?
    private let world: World
    private let tracker: LiveObjects.Token

    init(searchMoviesUseCase: SearchMoviesUseCase, actions: MoviesListViewModelActions?, world: World) {
        self.searchMoviesUseCase = searchMoviesUseCase
        self.actions = actions
        self.world = world
        self.isEmpty = items | { $0.isEmpty }
        self.isLoading = loading | { $0 == .fullScreen }
        self.canLoadNextPage = reduce(hasMorePages, loading, initVal: false) { more, loading in more && loading == nil }
        self.tracker = world.alive.track(Self.self)
        items.traced("items", by: Self.self, in: world) { "\($0.count) rows" }
        loading.traced("loading", by: Self.self, in: world) { $0.map { ".\($0)" } ?? "nil" }
        query.traced("query", by: Self.self, in: world) { "\"\($0)\"" }
        error.traced("error", by: Self.self, in: world) { $0.map { "\"\($0)\"" } ?? "nil" }
        pageInfo.traced("pageInfo", by: Self.self, in: world) { "\"\($0)\"" }
        isEmpty.traced("isEmpty", by: Self.self, in: world)
        isLoading.traced("isLoading", by: Self.self, in: world)
        canLoadNextPage.traced("canLoadNextPage", by: Self.self, in: world)
    }

    private func didSearch() {
        guard !query.value.isEmpty else { return }
        update(movieQuery: MovieQuery(query: query.value))
    }

    private func didLoadNextPage() {
        guard pages.hasMorePages, loading.value == nil else { return }
        load(movieQuery: searchedQuery, loading: .nextPage)
    }

    private func didSelectItem(at index: Int) {
        let movies = pages.movies
        guard movies.indices.contains(index) else { return }
        perform("showMovieDetails(_:)") { $0.showMovieDetails(movies[index]) }
    }

    private func didCancelSearch() {
        moviesLoadTask = nil  // cancels it
        guard loading.value != nil else { return }
        loading.value = nil
    }

    /// A recent query was picked: the suggestions close and the query is searched.
    private func didSelectRecentQuery(_ movieQuery: MovieQuery) {
        closeSuggestions()
        update(movieQuery: movieQuery)
    }

    private func closeSuggestions() {
        perform("closeMovieQueriesSuggestions()") { $0.closeMovieQueriesSuggestions() }
    }

    private func update(movieQuery: MovieQuery) {
        pages = MoviesPages()
        items.value = []
        pageInfo.value = ""
        load(movieQuery: movieQuery, loading: .fullScreen)
    }

    private func load(movieQuery: MovieQuery, loading: MoviesListViewModelLoading) {
        searchedQuery = movieQuery
        self.loading.value = loading
        // Typed into the field, the query is there already: set only a new
        // one (a recent pick), or the field would be set to what it shows.
        if query.value != movieQuery.query { query.value = movieQuery.query }
        let request = SearchMoviesUseCase.RequestValue(query: movieQuery, page: pages.nextPage)
        moviesLoadTask = searchMoviesUseCase.execute(requestValue: request) { [weak self] result in
            guard let self else { return }
            switch result {
            case .success(let page): appendPage(page)
            case .failure(let error): self.error.value = MoviesPages.errorMessage(for: error)
            }
            self.loading.value = nil
        }
    }

    private func appendPage(_ moviesPage: MoviesPage) {
        pages.append(moviesPage)
        items.value = pages.movies.map(MoviesListItemViewModel.init)
        pageInfo.value = items.value.isEmpty ? "" : "Page \(pages.currentPage) of \(pages.totalPageCount)"
    }

    /// Calls the flow coordinator through the actions it handed over.
    private func perform(_ message: String, _ call: (MoviesListViewModelActions) -> Void) {
        world.tracer.hop(message, from: Self.self, to: actions.map { _ in MoviesListViewModelActions.self })
        actions.map(call)
    }
}
