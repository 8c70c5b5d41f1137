import BindingKit
import Domain

/// The navigation closures of "Clean architecture and MVVM in iOS"
/// (BindingKit's). The article hands the suggestions list a `didSelect`
/// closure; this backend hands over the view model itself, as the
/// suggestions list's delegate (the repository's "delegation" variant of the
/// same wiring).
typealias MoviesListViewModelActions = BindingKit.MoviesListViewModelActions<
    any MoviesQueryListViewModelDelegate
>

/// What the view calls (the Clean Architecture article's `MoviesListViewModelInput`).
protocol MoviesListViewModelInput: AnyObject {
    func viewDidLoad()
    func didSearch(query: String)
    func didLoadNextPage()
    func didSelectItem(at index: Int)
    func didCancelSearch()
    func showQueriesSuggestions()
    func closeQueriesSuggestions()
}

/// The Clean Architecture article's `MoviesListViewModelOutput`, the QIWI
/// article's first way: instead of observable properties, one delegate
/// method per output, and the view must implement every one of them.
///
/// The full-screen loading and the errors go to the container instead
/// (`IContainer`): one delegate cannot be two views.
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

/// The movies list's view model (the Clean Architecture article's
/// `DefaultMoviesListViewModel`): searches page by page and tells its view
/// through a weak delegate.
///
/// Every output is a stored property whose `didSet` calls the delegate, so
/// that, as with that article's `Observable`, every set is delivered (equal
/// values too) synchronously. Unlike that article there is no main-queue
/// hop: the orders screen of this backend has none either.
final class MoviesListViewModel: MoviesListViewModelInput, MoviesQueryListViewModelDelegate {
    weak var delegate: (any MoviesListViewModelDelegate)?
    /// The container: a second listener, of its own protocol.
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
            delegate?.didUpdate(items: items)
            delegate?.didUpdate(isEmpty: isEmpty)
            delegate?.didUpdate(pageInfo: pageInfo)
        }
    }
    private(set) var loading: MoviesListViewModelLoading? {
        didSet {
            delegate?.didUpdate(loading: loading)
            delegate?.didUpdate(canLoadNextPage: canLoadNextPage)
            if loading == .fullScreen {
                listener?.showLoading()
            } else if oldValue == .fullScreen {
                listener?.hideLoading()
            }
        }
    }
    private(set) var query = "" {
        didSet { delegate?.didUpdate(query: query) }
    }
    private(set) var error = "" {
        didSet { listener?.showError(error: error) }
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

    // MARK: Input

    func viewDidLoad() {
        delegate?.didUpdate(screenTitle: screenTitle)
        delegate?.didUpdate(searchBarPlaceholder: searchBarPlaceholder)
        delegate?.didUpdate(emptyDataTitle: emptyDataTitle)
    }

    func didSearch(query: String) {
        load(search.search(query: query))
    }

    func didLoadNextPage() {
        load(search.loadNextPage())
    }

    func didSelectItem(at index: Int) {
        guard let movie = search.movie(at: index) else { return }
        actions?.showMovieDetails(movie)
    }

    func didCancelSearch() {
        moviesLoadTask = nil  // cancels it
        if search.cancel() { loading = nil }
    }

    func showQueriesSuggestions() {
        actions?.showMovieQueriesSuggestions(self)
    }

    func closeQueriesSuggestions() {
        actions?.closeMovieQueriesSuggestions()
    }

    // MARK: MoviesQueryListViewModelDelegate

    /// A recent query was picked: the list closes and the query is searched.
    func moviesQueriesListDidSelect(movieQuery: MovieQuery) {
        closeQueriesSuggestions()
        load(search.search(movieQuery))
    }

    // MARK: Private

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
