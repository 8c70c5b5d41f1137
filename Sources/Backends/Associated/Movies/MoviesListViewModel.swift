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

/// Seed 004's `MoviesListViewModelOutput`, the seed 001 way: plain read-only
/// properties, and one `changed` for all of them. The view reads them all
/// again on every change.
protocol MoviesListViewModelOutput: ContainerViewModel {
    var items: [MoviesListItemViewModel] { get }
    var loading: MoviesListViewModelLoading? { get }
    var query: String { get }
    var isEmpty: Bool { get }
    /// "Page 1 of 3", or "" while there are no items.
    var pageInfo: String { get }
    var screenTitle: String { get }
    var emptyDataTitle: String { get }
    var errorTitle: String { get }
    var searchBarPlaceholder: String { get }
}

/// The movies list's view model (seed 004's `DefaultMoviesListViewModel`):
/// searches page by page; after each step it raises `changed` once, and its
/// two views (the list and seed 002's container) redraw.
///
/// Seed 004 notifies once per property set; here a step that sets several
/// properties (a new search empties the items, shows the spinner and sets the
/// query) is one `changed`, which is how the article's view model raises it:
/// after the data is in place.
final class MoviesListViewModel: MoviesListViewModelInput, MoviesListViewModelOutput {
    // MARK: Output

    let screenTitle = "Movies"
    let emptyDataTitle = "Search results"
    /// The alert's title; the container titles every alert "Error", this same word.
    let errorTitle = "Error"
    let searchBarPlaceholder = "Search Movies"

    private(set) var items: [MoviesListItemViewModel] = []
    private(set) var loading: MoviesListViewModelLoading?
    private(set) var query = ""
    /// Set for the one `changed` that announces a failure (see `ContainerViewModel`).
    private(set) var error: String?
    var isLoading: Bool { loading == .fullScreen }
    var isEmpty: Bool { items.isEmpty }
    var pageInfo: String { isEmpty ? "" : "Page \(pages.currentPage) of \(pages.totalPageCount)" }

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
    }

    deinit { removeAssociatedObjects(self) }  // its `changed` event

    // MARK: Input

    /// Nothing to do: the views read the titles when they are given this view model.
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
        guard loading != nil else { return }
        loading = nil
        raiseChanged(tracer: tracer)
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
        raiseChanged(tracer: tracer)
        let request = SearchMoviesUseCase.RequestValue(query: movieQuery, page: pages.nextPage)
        moviesLoadTask = searchMoviesUseCase.execute(requestValue: request) { [weak self] result in
            guard let self else { return }
            switch result {
            case .success(let page): appendPage(page)
            case .failure(let error): handle(error: error)
            }
            self.loading = nil
            raiseChanged(tracer: tracer)
            self.error = nil
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
