import BindingKit
import Domain

/// Seed 004's navigation closures (BindingKit's). Seed 004 hands the
/// suggestions list a `didSelect` closure; this backend hands over the view
/// model itself, as the suggestions list's delegate (seed 004's
/// "delegation" variant of the same wiring).
typealias MoviesListViewModelActions = BindingKit.MoviesListViewModelActions<
    any MoviesQueryListViewModelDelegate
>

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
    /// Whether the next page can be asked for: more pages, nothing loading.
    func didUpdate(canLoadNextPage: Bool)
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
            notify("didUpdate(canLoadNextPage: \(canLoadNextPage))") {
                $0.didUpdate(canLoadNextPage: canLoadNextPage)
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
    /// Seed 004's guard in `didLoadNextPage()`, as an output: the Load more
    /// button's enabled state.
    var canLoadNextPage: Bool { search.canLoadNextPage }
    private var pageInfo: String { search.pageInfo }

    // MARK: Pagination

    /// Seed 004's search sequence and pagination, BindingKit's: this view
    /// model calls it and publishes its answers.
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
    }

    // MARK: Input

    func viewDidLoad() {
        notify("didUpdate(screenTitle:)") { $0.didUpdate(screenTitle: screenTitle) }
        notify("didUpdate(searchBarPlaceholder:)") { $0.didUpdate(searchBarPlaceholder: searchBarPlaceholder) }
        notify("didUpdate(emptyDataTitle:)") { $0.didUpdate(emptyDataTitle: emptyDataTitle) }
    }

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
        if search.cancel() { loading = nil }
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
        load(search.search(movieQuery))
    }

    // MARK: Private

    /// Publishes what a step of the search changed, then asks for its page
    /// (seed 004's `load(movieQuery:loading:)`).
    private func load(_ request: MoviesSearch.Request?) {
        guard let request else { return }
        if request.isNewSearch { items.removeAll() }
        loading = request.loading
        query = request.query
        moviesLoadTask = searchMoviesUseCase.execute(requestValue: request.requestValue) { [weak self] result in
            guard let self else { return }
            switch search.receive(result) {
            case .page(let update): update.apply(to: &items)
            case .failure(let message): error = message
            }
            loading = search.loading
        }
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
        tracer.hop(message, from: Self.self, to: actions)
        actions.map(call)
    }
}
