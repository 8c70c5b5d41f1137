import BindingKit
import Domain

/// Seed 004's navigation closures (BindingKit's), in seed 004's own form:
/// the suggestions list gets a `didSelect` closure.
typealias MoviesListViewModelActions = BindingKit.MoviesListViewModelActions<(MovieQuery) -> Void>

/// The movies list's view model (seed 004's `DefaultMoviesListViewModel`),
/// the seed 000 step 2 way: seed 004's `MoviesListViewModelInput` methods
/// become the cases of `ViewEvent`, its `MoviesListViewModelOutput`
/// properties the cases of `ViewModelEvent`, each side one `handle(event:)`.
///
/// Every output is a stored property whose `didSet` sends an event, so that,
/// as with seed 004's `Observable`, every set is delivered (equal values too)
/// synchronously. The full-screen loading and the errors go to the one
/// listener too; the content view passes them on to its container.
final class MoviesListViewModel {
    weak var listener: (any ViewModelListener<ViewModelEvent>)?

    // MARK: Output

    let screenTitle = "Movies"
    let emptyDataTitle = "Search results"
    let searchBarPlaceholder = "Search Movies"

    private(set) var items: [MoviesListItemViewModel] = [] {
        didSet {
            send(.items(items))
            send(.isEmpty(isEmpty))
            send(.pageInfo(pageInfo))
        }
    }
    private(set) var loading: MoviesListViewModelLoading? {
        didSet {
            send(.loading(loading))
            send(.canLoadNextPage(canLoadNextPage))
        }
    }
    private(set) var query = "" {
        didSet { send(.query(query)) }
    }
    private(set) var error = "" {
        didSet { send(.error(error)) }
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

    /// The one entry point from the view.
    func handle(event: ViewEvent) {
        switch event {
        case .viewDidLoad:
            send(.updateTitle(screenTitle))
            send(.updateSearchBarPlaceholder(searchBarPlaceholder))
            send(.updateEmptyDataTitle(emptyDataTitle))
        case .didSearch(let query):
            load(search.search(query: query))
        case .didLoadNextPage:
            load(search.loadNextPage())
        case .didSelectItem(let index):
            guard let movie = search.movie(at: index) else { return }
            perform("showMovieDetails(_:)") { $0.showMovieDetails(movie) }
        case .didCancelSearch:
            moviesLoadTask = nil  // cancels it
            if search.cancel() { loading = nil }
        case .showQueriesSuggestions:
            let tracer = tracer
            perform("showMovieQueriesSuggestions(didSelect:)") {
                $0.showMovieQueriesSuggestions { [weak self] movieQuery in
                    tracer.hop(
                        "didSelect(\"\(movieQuery.query)\")", from: MoviesQueriesListViewModel.self,
                        to: self.map { type(of: $0) })
                    self?.didSelect(movieQuery: movieQuery)
                }
            }
        case .closeQueriesSuggestions:
            closeQueriesSuggestions()
        }
    }

    // MARK: Private

    /// A recent query was picked (seed 004's `didSelect`): the list closes and
    /// the query is searched.
    private func didSelect(movieQuery: MovieQuery) {
        closeQueriesSuggestions()
        load(search.search(movieQuery))
    }

    private func closeQueriesSuggestions() {
        perform("closeMovieQueriesSuggestions()") { $0.closeMovieQueriesSuggestions() }
    }

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

    /// Tells the listener, tracing the hop; an event to a gone listener drops.
    private func send(_ event: ViewModelEvent) {
        tracer.hop(event.description, from: Self.self, to: listener.map { type(of: $0) })
        listener?.handle(event: event)
    }

    /// Calls the flow coordinator through the actions it handed over.
    private func perform(_ message: String, _ call: (MoviesListViewModelActions) -> Void) {
        tracer.hop(message, from: Self.self, to: actions)
        actions.map(call)
    }
}

extension MoviesListViewModel {
    /// Seed 004's `MoviesListViewModelInput`, one case per method.
    enum ViewEvent: Equatable, CustomStringConvertible {
        case viewDidLoad
        case didSearch(query: String)
        case didLoadNextPage
        case didSelectItem(at: Int)
        case didCancelSearch
        case showQueriesSuggestions
        case closeQueriesSuggestions

        var description: String {
            switch self {
            case .viewDidLoad: ".viewDidLoad"
            case .didSearch(let query): ".didSearch(query: \"\(query)\")"
            case .didLoadNextPage: ".didLoadNextPage"
            case .didSelectItem(let index): ".didSelectItem(at: \(index))"
            case .didCancelSearch: ".didCancelSearch"
            case .showQueriesSuggestions: ".showQueriesSuggestions"
            case .closeQueriesSuggestions: ".closeQueriesSuggestions"
            }
        }
    }

    /// Seed 004's `MoviesListViewModelOutput`, one case per property; the
    /// fixed titles are sent once, on `viewDidLoad`.
    enum ViewModelEvent: Equatable, CustomStringConvertible {
        case updateTitle(String)
        case updateSearchBarPlaceholder(String)
        case updateEmptyDataTitle(String)
        case items([MoviesListItemViewModel])
        case isEmpty(Bool)
        /// "Page 1 of 3", or "" while there are no items.
        case pageInfo(String)
        case loading(MoviesListViewModelLoading?)
        /// Whether the next page can be asked for: more pages, nothing loading.
        case canLoadNextPage(Bool)
        case query(String)
        case error(String)

        var description: String {
            switch self {
            case .updateTitle(let title): ".updateTitle(\"\(title)\")"
            case .updateSearchBarPlaceholder: ".updateSearchBarPlaceholder"
            case .updateEmptyDataTitle: ".updateEmptyDataTitle"
            case .items(let items): ".items(\(items.count))"
            case .isEmpty(let isEmpty): ".isEmpty(\(isEmpty))"
            case .pageInfo(let info): ".pageInfo(\"\(info)\")"
            case .loading(let loading): ".loading(\(loading.map { ".\($0)" } ?? "nil"))"
            case .canLoadNextPage(let enabled): ".canLoadNextPage(\(enabled))"
            case .query(let query): ".query(\"\(query)\")"
            case .error(let message): ".error(\"\(message)\")"
            }
        }
    }
}
