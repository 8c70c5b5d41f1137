import BindingKit
import Domain

/// The Clean Architecture article's navigation: BindingKit's actions
/// closures, the suggestions' pick reported through the article's
/// `didSelect` closure.
typealias MoviesListViewModelActions = BindingKit.MoviesListViewModelActions<
    MoviesQueryListViewModelDidSelectAction
>

/// What the view calls (the article's `MoviesListViewModelInput`).
protocol MoviesListViewModelInput: AnyObject {
    func viewDidLoad()
    func didSearch(query: String)
    func didCancelSearch()
    func showQueriesSuggestions()
    func closeQueriesSuggestions()
    func didLoadNextPage()
    func didSelectItem(at index: Int)
}

/// What the views observe (the article's `MoviesListViewModelOutput`): four
/// observables, a computed `isEmpty` and the fixed titles. `loading` has two
/// observers, the container (the full screen) and the content (the footer).
protocol MoviesListViewModelOutput: ContainerViewModelOutput where Loading == MoviesListViewModelLoading? {
    var items: any ObservableProperty<[MoviesListItemViewModel]> { get }
    var query: any ObservableProperty<String> { get }
    var isEmpty: Bool { get }
    /// The article's guard in `didLoadNextPage()`, as an output like
    /// `isEmpty`: the Load more button's enabled state (the playground's
    /// button).
    var canLoadNextPage: Bool { get }
    /// "Page 1 of 3", or "" while there are no items (the playground's line).
    var pageInfo: String { get }
    var screenTitle: String { get }
    var emptyDataTitle: String { get }
    var errorTitle: String { get }
    var searchBarPlaceholder: String { get }
}

typealias MoviesListViewModel = MoviesListViewModelInput & MoviesListViewModelOutput

/// The article's `DefaultMoviesListViewModel`: it sets its observables and
/// never knows who observes them. Every answer of the use case is handled on
/// the injected `mainQueue`, as in the repository, so what it sets then
/// reaches the views a main-queue turn after the answer.
final class DefaultMoviesListViewModel: MoviesListViewModel {
    // MARK: Output

    let items: any ObservableProperty<[MoviesListItemViewModel]>
    let loading: any ObservableProperty<MoviesListViewModelLoading?>
    let query: any ObservableProperty<String>
    let error: any ObservableProperty<String>
    var isEmpty: Bool { search.isEmpty }
    var canLoadNextPage: Bool { search.canLoadNextPage }
    var pageInfo: String { search.pageInfo }
    let screenTitle = "Movies"
    let emptyDataTitle = "Search results"
    let errorTitle = "Error"
    let searchBarPlaceholder = "Search Movies"

    func isFullScreen(_ loading: MoviesListViewModelLoading?) -> Bool { loading == .fullScreen }

    // MARK: Pagination

    /// The article's search sequence and pagination (`currentPage`,
    /// `totalPageCount`, `hasMorePages`, `nextPage`), kept by BindingKit's
    /// `MoviesSearch`; this view model publishes its answers in observables.
    private var search = MoviesSearch()
    private var moviesLoadTask: (any Cancellable)? {
        willSet { moviesLoadTask?.cancel() }
    }

    private let searchMoviesUseCase: SearchMoviesUseCase
    private let actions: MoviesListViewModelActions?
    private let mainQueue: any DispatchQueueType
    private let form: ObservableForm

    init(
        searchMoviesUseCase: SearchMoviesUseCase, actions: MoviesListViewModelActions? = nil,
        mainQueue: any DispatchQueueType = DispatchQueue.main, form: ObservableForm
    ) {
        items = form.make([])
        loading = form.make(nil)
        query = form.make("")
        error = form.make("")
        self.searchMoviesUseCase = searchMoviesUseCase
        self.actions = actions
        self.mainQueue = mainQueue
        self.form = form
    }

    // MARK: Input

    func viewDidLoad() {}

    func didSearch(query: String) {
        load(search.search(query: query))
    }

    func didCancelSearch() {
        moviesLoadTask = nil  // cancels it
        if search.cancel() { loading.value = nil }
    }

    func showQueriesSuggestions() {
        actions?.showMovieQueriesSuggestions { [weak self] movieQuery in
            // A pick closes the list and searches it (the article's `update(movieQuery:)`).
            guard let self else { return }
            closeQueriesSuggestions()
            load(search.search(movieQuery))
        }
    }

    func closeQueriesSuggestions() {
        actions?.closeMovieQueriesSuggestions()
    }

    func didLoadNextPage() {
        load(search.loadNextPage())
    }

    func didSelectItem(at index: Int) {
        guard let movie = search.movie(at: index) else { return }
        actions?.showMovieDetails(movie)
    }

    // MARK: Private

    /// The article's `load(movieQuery:loading:)`: a new search empties the
    /// items first (`resetPages()`), then the loading and the query are set,
    /// and the answer is handled on the main queue.
    private func load(_ request: MoviesSearch.Request?) {
        guard let request else { return }
        if request.isNewSearch { items.value.removeAll() }
        loading.value = request.loading
        query.value = request.query
        moviesLoadTask = searchMoviesUseCase.execute(requestValue: request.requestValue) { [weak self] result in
            self?.mainQueue.async {
                self?.handle(result)
            }
        }
    }

    private func handle(_ result: Result<MoviesPage, DataError>) {
        switch search.receive(result) {
        case .page(let update): appendPage(update)
        case .failure(let message): error.value = message
        }
        loading.value = search.loading
    }

    /// The article's `appendPage(_:)`: the page's films become rows after the
    /// ones shown, in one set (`items.value += …`).
    private func appendPage(_ update: MoviesListItemsUpdate) {
        let rows = update.appending.map { MoviesListItemViewModel(movie: $0, mainQueue: mainQueue, form: form) }
        if update.keeping >= items.value.count {
            items.value += rows
        } else {
            items.value = Array(items.value.prefix(update.keeping)) + rows
        }
    }
}
