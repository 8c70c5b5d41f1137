import BindingKit
import Domain

/// Seed 004's navigation closures; a pick among the recent queries comes
/// back through seed 004's `didSelect` closure.
typealias MoviesListViewModelActions = BindingKit.MoviesListViewModelActions<(MovieQuery) -> Void>

/// The movies list's view model (seed 004's `DefaultMoviesListViewModel`), the
/// seed 003 way: its outputs are `Dynamic`s, its inputs `Command`s.
///
/// `query` is bound both ways to the search field (`<<>>>`): what the user
/// types is in `query` at once, and a query picked from the recent ones
/// shows in the field. The search asks for `query`; the next page asks for
/// the query that was searched, whatever has been typed since. The rules
/// are BindingKit's `MoviesSearch`; only how their answers reach the views
/// (a set of the `Dynamic`s) is this backend's.
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
    /// Seed 004's guard on the next page (more pages, nothing loading), as
    /// the "Load more" command's `enabled`.
    let canLoadNextPage = Dynamic(false)

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

    /// Seed 004's search sequence and pagination (BindingKit).
    private var moviesSearch = MoviesSearch()
    private var moviesLoadTask: (any Cancellable)? {
        willSet { moviesLoadTask?.cancel() }
    }
    private let searchMoviesUseCase: SearchMoviesUseCase
    private let actions: MoviesListViewModelActions?
    private let world: World

    init(searchMoviesUseCase: SearchMoviesUseCase, actions: MoviesListViewModelActions?, world: World) {
        self.searchMoviesUseCase = searchMoviesUseCase
        self.actions = actions
        self.world = world
        self.isEmpty = items | { $0.isEmpty }
        self.isLoading = loading | { $0 == .fullScreen }
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
        load(moviesSearch.search(query: query.value))
    }

    private func didLoadNextPage() {
        load(moviesSearch.loadNextPage())
    }

    private func didSelectItem(at index: Int) {
        guard let movie = moviesSearch.movie(at: index) else { return }
        perform("showMovieDetails(_:)") { $0.showMovieDetails(movie) }
    }

    private func didCancelSearch() {
        moviesLoadTask = nil  // cancels it
        guard moviesSearch.cancel() else { return }
        loading.value = nil
        canLoadNextPage.value = moviesSearch.canLoadNextPage
    }

    /// A recent query was picked: the suggestions close and the query is searched.
    private func didSelectRecentQuery(_ movieQuery: MovieQuery) {
        closeSuggestions()
        load(moviesSearch.search(movieQuery))
    }

    private func closeSuggestions() {
        perform("closeMovieQueriesSuggestions()") { $0.closeMovieQueriesSuggestions() }
    }

    private func load(_ request: MoviesSearch.Request?) {
        guard let request else { return }
        if request.isNewSearch {
            items.value = []
            pageInfo.value = moviesSearch.pageInfo
        }
        loading.value = request.loading
        // Typed into the field, the query is there already: set only a new
        // one (a recent pick), or the field would be set to what it shows.
        if query.value != request.query { query.value = request.query }
        canLoadNextPage.value = moviesSearch.canLoadNextPage
        moviesLoadTask = searchMoviesUseCase.execute(requestValue: request.requestValue) { [weak self] result in
            guard let self else { return }
            switch moviesSearch.receive(result) {
            case .page(let update):
                var items = items.value
                update.apply(to: &items)
                self.items.value = items
                pageInfo.value = moviesSearch.pageInfo
            case .failure(let message):
                error.value = message
            }
            loading.value = nil
            canLoadNextPage.value = moviesSearch.canLoadNextPage
        }
    }

    /// Calls the flow coordinator through the actions it handed over.
    private func perform(_ message: String, _ call: (MoviesListViewModelActions) -> Void) {
        world.tracer.hop(message, from: Self.self, to: actions)
        actions.map(call)
    }
}
