import BindingKit
import Domain
import Observation

/// Seed 004's navigation closures (BindingKit's), in seed 004's own form:
/// the suggestions list gets a `didSelect` closure.
typealias MoviesListViewModelActions = BindingKit.MoviesListViewModelActions<(MovieQuery) -> Void>

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
    /// What the search field shows: the query searched, or what the user is
    /// typing — the field is bound both ways (SwiftUI's
    /// `.searchable(text: $viewModel.query)`).
    var query = ""
    /// The error of the last load; nil from the start of the next one, so that
    /// the same failure twice is two errors.
    private(set) var error: String?
    var isEmpty: Bool { items.isEmpty }
    /// "Page 1 of 3", or "" while there are no items.
    private(set) var pageInfo = ""
    var isLoadingFullScreen: Bool { loading == .fullScreen }
    /// Seed 004's guard in `didLoadNextPage()`, stored as it changes: the
    /// Load more button's enabled state.
    private(set) var canLoadNextPage = false

    // MARK: Pagination

    /// Seed 004's search sequence and pagination, BindingKit's: this view
    /// model calls it and stores its answers in the properties above. No
    /// view reads it, so it is not tracked.
    @ObservationIgnored private var search = MoviesSearch()
    /// The load in flight; a new one calls the old one off.
    @ObservationIgnored private var moviesLoadTask: (any Cancellable)? {
        willSet { moviesLoadTask?.cancel() }
    }

    @ObservationIgnored private let searchMoviesUseCase: SearchMoviesUseCase
    @ObservationIgnored private let actions: MoviesListViewModelActions?
    @ObservationIgnored private let tracer: Tracer

    init(searchMoviesUseCase: SearchMoviesUseCase, actions: MoviesListViewModelActions?, world: World) {
        self.searchMoviesUseCase = searchMoviesUseCase
        self.actions = actions
        self.tracer = world.tracer
    }

    // MARK: Input

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
        if search.cancel() {
            loading = nil
            canLoadNextPage = search.canLoadNextPage
        }
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
        load(search.search(movieQuery))
    }

    /// Stores what a step of the search changed, then asks for its page
    /// (seed 004's `load(movieQuery:loading:)`). Each set is a plain
    /// assignment; the views that read the property hear of it.
    private func load(_ request: MoviesSearch.Request?) {
        guard let request else { return }
        if request.isNewSearch {
            items.removeAll()
            pageInfo = search.pageInfo
        }
        error = nil
        loading = request.loading
        canLoadNextPage = search.canLoadNextPage
        query = request.query
        moviesLoadTask = searchMoviesUseCase.execute(requestValue: request.requestValue) { [weak self] result in
            guard let self else { return }
            switch search.receive(result) {
            case .page(let update):
                update.apply(to: &items)
                pageInfo = search.pageInfo
            case .failure(let message):
                error = message
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
