import BindingKit
import Domain

/// Seed 004's navigation: closures the flow coordinator hands the view model,
/// so that it can ask for another screen without knowing the navigator.
struct MoviesListViewModelActions {
    let showMovieDetails: (Movie) -> Void
    /// Seed 004 hands over a `didSelect` closure; this backend hands over the
    /// view model itself, as the suggestions list's delegate (seed 004's
    /// "delegation" variant of the same wiring).
    let showMovieQueriesSuggestions: (_ didSelect: any MoviesQueryListViewModelDelegate) -> Void
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

/// Seed 004's `MoviesListViewModelOutput`, the seed 000 way: instead of
/// observable properties, one delegate method per output, and the view must
/// implement every one of them.
///
/// The full-screen loading and the errors go to the container instead
/// (`IContainer`, seed 002): one delegate cannot be two views.
protocol MoviesListViewModelDelegate: AnyObject {
    func didUpdate(screenTitle: String)
    func didUpdate(searchBarPlaceholder: String)
    func didUpdate(emptyDataTitle: String)
    func didUpdate(items: [MoviesListItemViewModel])
    func didUpdate(isEmpty: Bool)
    /// "Page 1 of 3", or "" while there are no items.
    func didUpdate(pageInfo: String)
    func didUpdate(loading: MoviesListViewModelLoading?)
    func didUpdate(query: String)
}

/// The movies list's view model (seed 004's `DefaultMoviesListViewModel`):
/// searches page by page and tells its view through a weak delegate.
///
/// Every output is a stored property whose `didSet` calls the delegate, so
/// that, as with seed 004's `Observable`, every set is delivered (equal values
/// too) synchronously. Unlike seed 004 there is no main-queue hop: the orders
/// screen of this backend has none either (seed 000, step 1).
final class MoviesListViewModel: MoviesListViewModelInput, MoviesQueryListViewModelDelegate {
    weak var delegate: (any MoviesListViewModelDelegate)?
    /// Seed 002: the container, a second listener of its own protocol.
    weak var listener: (any IContainer)?

    // MARK: Output

    let screenTitle = "Movies"
    let emptyDataTitle = "Search results"
    /// The alert's title. `IContainer.showError(error:)` takes no title: the
    /// container titles every alert "Error" itself, which is this same word.
    let errorTitle = "Error"
    let searchBarPlaceholder = "Search Movies"

    private(set) var items: [MoviesListItemViewModel] = [] {
        didSet {
            notify("didUpdate(items: \(items.count))") { $0.didUpdate(items: items) }
            notify("didUpdate(isEmpty: \(isEmpty))") { $0.didUpdate(isEmpty: isEmpty) }
            notify("didUpdate(pageInfo:)") { $0.didUpdate(pageInfo: pageInfo) }
        }
    }
    private(set) var loading: MoviesListViewModelLoading? {
        didSet {
            notify("didUpdate(loading: \(loading.map { "\($0)" } ?? "nil"))") {
                $0.didUpdate(loading: loading)
            }
            if loading == .fullScreen {
                container("showLoading()") { $0.showLoading() }
            } else if oldValue == .fullScreen {
                container("hideLoading()") { $0.hideLoading() }
            }
        }
    }
    private(set) var query = "" {
        didSet { notify("didUpdate(query:)") { $0.didUpdate(query: query) } }
    }
    private(set) var error = "" {
        didSet { container("showError(error:)") { $0.showError(error: error) } }
    }
    var isEmpty: Bool { items.isEmpty }
    private var pageInfo: String {
        isEmpty ? "" : "Page \(pages.currentPage) of \(pages.totalPageCount)"
    }

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

    // MARK: Input

    func viewDidLoad() {
        notify("didUpdate(screenTitle:)") { $0.didUpdate(screenTitle: screenTitle) }
        notify("didUpdate(searchBarPlaceholder:)") { $0.didUpdate(searchBarPlaceholder: searchBarPlaceholder) }
        notify("didUpdate(emptyDataTitle:)") { $0.didUpdate(emptyDataTitle: emptyDataTitle) }
    }

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
        perform("showMovieQueriesSuggestions(didSelect:)") { $0.showMovieQueriesSuggestions(self) }
    }

    func closeQueriesSuggestions() {
        perform("closeMovieQueriesSuggestions()") { $0.closeMovieQueriesSuggestions() }
    }

    // MARK: MoviesQueryListViewModelDelegate

    /// A recent query was picked: the list closes and the query is searched.
    func moviesQueriesListDidSelect(movieQuery: MovieQuery) {
        closeQueriesSuggestions()
        update(movieQuery: movieQuery)
    }

    // MARK: Private

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

    // MARK: Delivery

    /// Calls the delegate, tracing the hop; a message to a gone delegate drops.
    private func notify(_ message: String, _ send: (any MoviesListViewModelDelegate) -> Void) {
        tracer.hop(message, from: Self.self, to: delegate.map { type(of: $0) })
        delegate.map(send)
    }

    private func container(_ message: String, _ send: (any IContainer) -> Void) {
        tracer.hop(message, from: Self.self, to: listener.map { type(of: $0) })
        listener.map(send)
    }

    /// Calls the flow coordinator through the actions it handed over.
    private func perform(_ message: String, _ call: (MoviesListViewModelActions) -> Void) {
        tracer.hop(message, from: Self.self, to: actions.map { _ in MoviesListViewModelActions.self })
        actions.map(call)
    }
}
