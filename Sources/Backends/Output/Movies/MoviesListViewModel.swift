import BindingKit
import Domain

/// The navigation closures of "Clean architecture and MVVM in iOS"
/// (BindingKit's), in that article's own form: the suggestions list gets a
/// `didSelect` closure.
typealias MoviesListViewModelActions = BindingKit.MoviesListViewModelActions<(MovieQuery) -> Void>

/// The movies list's view model (the Clean Architecture article's
/// `DefaultMoviesListViewModel`), the QIWI article's third way: the Clean
/// Architecture article's input methods are the cases of `ViewEvent`, its
/// output properties the cases of `ViewModelEvent`, sent through `output` to
/// every bound view (the list view and its container).
///
/// Every output is a stored property whose `didSet` sends an event, so that,
/// as with that article's `Observable`, every set is sent (equal values too).
/// The fixed titles are sent by `start()`, which `bind(with:)` calls once the
/// views listen — that article's `viewDidLoad()` input is not needed.
final class MoviesListViewModel: ViewModel {
    let output = Output<ViewModelEvent>()

    // MARK: Output

    let screenTitle = "Movies"
    let emptyDataTitle = "Search results"
    let searchBarPlaceholder = "Search Movies"

    private(set) var items: [MoviesListItemViewModel] = [] {
        didSet {
            output.send(.items(items))
            output.send(.isEmpty(isEmpty))
            output.send(.pageInfo(pageInfo))
        }
    }
    private(set) var loading: MoviesListViewModelLoading? {
        didSet {
            output.send(.loading(loading))
            output.send(.canLoadNextPage(canLoadNextPage))
        }
    }
    private(set) var query = "" {
        didSet { output.send(.query(query)) }
    }
    private(set) var error = "" {
        didSet { output.send(.error(error)) }
    }
    var isEmpty: Bool { items.isEmpty }
    /// The article's guard in `didLoadNextPage()`, as an output: the Load
    /// more button's enabled state.
    var canLoadNextPage: Bool { search.canLoadNextPage }
    private var pageInfo: String { search.pageInfo }

    // MARK: Pagination

    /// The article's search sequence and pagination, BindingKit's: this
    /// view model calls it and publishes its answers.
    private var search = MoviesSearch()
    /// The load in flight; a new one calls the old one off.
    private var moviesLoadTask: (any Cancellable)? {
        willSet { moviesLoadTask?.cancel() }
    }

    private let searchMoviesUseCase: SearchMoviesUseCase
    private let actions: MoviesListViewModelActions?

    init(searchMoviesUseCase: SearchMoviesUseCase, actions: MoviesListViewModelActions?) {
        self.searchMoviesUseCase = searchMoviesUseCase
        self.actions = actions
    }

    func start() {
        output.send(.updateTitle(screenTitle))
        output.send(.updateSearchBarPlaceholder(searchBarPlaceholder))
        output.send(.updateEmptyDataTitle(emptyDataTitle))
    }

    func handle(event: ViewEvent) {
        switch event {
        case .didSearch(let query):
            load(search.search(query: query))
        case .didLoadNextPage:
            load(search.loadNextPage())
        case .didSelectItem(let index):
            guard let movie = search.movie(at: index) else { return }
            actions?.showMovieDetails(movie)
        case .didCancelSearch:
            moviesLoadTask = nil  // cancels it
            if search.cancel() { loading = nil }
        case .showQueriesSuggestions:
            actions?.showMovieQueriesSuggestions { [weak self] movieQuery in
                self?.didSelect(movieQuery: movieQuery)
            }
        case .closeQueriesSuggestions:
            closeQueriesSuggestions()
        }
    }

    // MARK: Private

    /// A recent query was picked (the article's `didSelect`): the list
    /// closes and the query is searched.
    private func didSelect(movieQuery: MovieQuery) {
        closeQueriesSuggestions()
        load(search.search(movieQuery))
    }

    private func closeQueriesSuggestions() {
        actions?.closeMovieQueriesSuggestions()
    }

    /// Publishes what a step of the search changed, then asks for its page
    /// (the article's `load(movieQuery:loading:)`).
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
}

extension MoviesListViewModel {
    /// The Clean Architecture article's `MoviesListViewModelInput`, one case
    /// per method (`viewDidLoad()` is `start()` here).
    enum ViewEvent: Equatable {
        case didSearch(query: String)
        case didLoadNextPage
        case didSelectItem(at: Int)
        case didCancelSearch
        case showQueriesSuggestions
        case closeQueriesSuggestions
    }

    /// The Clean Architecture article's `MoviesListViewModelOutput`, one case
    /// per property. The list view and the container both get every case;
    /// the container shows the full-screen loading and the errors.
    enum ViewModelEvent: Equatable, ContainerEventConvertible {
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

        var containerEvent: ContainerEvent? {
            switch self {
            case .loading(let loading): .loading(loading == .fullScreen)
            case .error(let message): .error(message)
            default: nil
            }
        }
    }
}
