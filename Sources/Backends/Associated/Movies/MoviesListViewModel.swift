import BindingKit
import Domain

/// The navigation closures of "Clean architecture and MVVM in iOS"
/// (BindingKit's), in that article's own form: the suggestions list gets a
/// `didSelect` closure.
typealias MoviesListViewModelActions = BindingKit.MoviesListViewModelActions<(MovieQuery) -> Void>

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

/// The Clean Architecture article's `MoviesListViewModelOutput`, the Tinkoff
/// article's way: plain read-only properties, and one `changed` for all of
/// them. The view reads them all again on every change.
protocol MoviesListViewModelOutput: ContainerViewModel {
    var items: [MoviesListItemViewModel] { get }
    var loading: MoviesListViewModelLoading? { get }
    var query: String { get }
    var isEmpty: Bool { get }
    /// "Page 1 of 3", or "" while there are no items.
    var pageInfo: String { get }
    /// Whether the next page can be asked for: more pages, nothing loading.
    var canLoadNextPage: Bool { get }
    var screenTitle: String { get }
    var emptyDataTitle: String { get }
    var errorTitle: String { get }
    var searchBarPlaceholder: String { get }
}

/// The movies list's view model (the Clean Architecture article's
/// `DefaultMoviesListViewModel`): searches page by page; after each step it
/// raises `changed` once, and its two views (the list and the container)
/// redraw.
///
/// That article notifies once per property set; here a step that sets several
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
    var loading: MoviesListViewModelLoading? { search.loading }
    var query: String { search.query }
    /// Set for the one `changed` that announces a failure (see `ContainerViewModel`).
    private(set) var error: String?
    var isLoading: Bool { loading == .fullScreen }
    var isEmpty: Bool { items.isEmpty }
    var pageInfo: String { search.pageInfo }
    /// The Clean Architecture article's guard in `didLoadNextPage()`, as an
    /// output: the Load more button's enabled state.
    var canLoadNextPage: Bool { search.canLoadNextPage }

    // MARK: Pagination

    /// The Clean Architecture article's search sequence and pagination,
    /// BindingKit's: this view model calls it, then raises `changed`.
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

    deinit { removeAssociatedObjects(self) }  // its `changed` event

    // MARK: Input

    /// Nothing to do: the views read the titles when they are given this view model.
    func viewDidLoad() {}

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
        guard search.cancel() else { return }
        changed.raise()
    }

    func showQueriesSuggestions() {
        actions?.showMovieQueriesSuggestions { [weak self] movieQuery in
            self?.didSelectRecentQuery(movieQuery)
        }
    }

    func closeQueriesSuggestions() {
        actions?.closeMovieQueriesSuggestions()
    }

    // MARK: Private

    /// A recent query was picked: the suggestions close and the query is searched.
    private func didSelectRecentQuery(_ movieQuery: MovieQuery) {
        closeQueriesSuggestions()
        load(search.search(movieQuery))
    }

    /// Puts what a step of the search changed in place, raises `changed`
    /// once, then asks for its page (the Clean Architecture article's
    /// `load(movieQuery:loading:)`).
    private func load(_ request: MoviesSearch.Request?) {
        guard let request else { return }
        if request.isNewSearch { items.removeAll() }
        changed.raise()
        moviesLoadTask = searchMoviesUseCase.execute(requestValue: request.requestValue) { [weak self] result in
            guard let self else { return }
            switch search.receive(result) {
            case .page(let update): update.apply(to: &items)
            case .failure(let message): error = message
            }
            changed.raise()
            error = nil
        }
    }
}
