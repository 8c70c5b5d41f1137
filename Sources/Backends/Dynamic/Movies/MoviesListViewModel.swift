import BindingKit
import Domain

/// The navigation closures of "Clean architecture and MVVM in iOS"; a pick
/// among the recent queries comes back through that article's `didSelect`
/// closure.
typealias MoviesListViewModelActions = BindingKit.MoviesListViewModelActions<(MovieQuery) -> Void>

/// The movies list's view model (the `DefaultMoviesListViewModel` of "Clean
/// architecture and MVVM in iOS"), the way of "Bindings in Swift": its
/// outputs are `Dynamic`s, its inputs `Command`s.
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
    /// The container's full-screen spinner.
    let isLoading: Dynamic<Bool>
    /// The guard on the next page of "Clean architecture and MVVM in iOS"
    /// (more pages, nothing loading), as the "Load more" command's `enabled`.
    let canLoadNextPage = Dynamic(false)

    // MARK: Input

    /// Search `query` (the article's `didSearch(query:)`).
    private(set) lazy var search = Command<Void> { [weak self] _, _ in self?.didSearch() }
    private(set) lazy var loadNextPage = Command<Void>(enabled: canLoadNextPage) { [weak self] _, _ in
        self?.didLoadNextPage()
    }
    private(set) lazy var selectItem = Command<Int> { [weak self] index, _ in self?.didSelectItem(at: index) }
    private(set) lazy var cancelSearch = Command<Void> { [weak self] _, _ in self?.didCancelSearch() }
    private(set) lazy var showQueriesSuggestions = Command<Void> { [weak self] _, _ in
        self?.actions?.showMovieQueriesSuggestions { [weak self] movieQuery in self?.didSelectRecentQuery(movieQuery) }
    }
    private(set) lazy var closeQueriesSuggestions = Command<Void> { [weak self] _, _ in
        self?.closeSuggestions()
    }

    // MARK: Private

    /// The search sequence and pagination of "Clean architecture and MVVM in
    /// iOS" (BindingKit).
    private var moviesSearch = MoviesSearch()
    private var moviesLoadTask: (any Cancellable)? {
        willSet { moviesLoadTask?.cancel() }
    }
    private let searchMoviesUseCase: SearchMoviesUseCase
    private let actions: MoviesListViewModelActions?

    init(searchMoviesUseCase: SearchMoviesUseCase, actions: MoviesListViewModelActions?) {
        self.searchMoviesUseCase = searchMoviesUseCase
        self.actions = actions
        self.isEmpty = items | { $0.isEmpty }
        self.isLoading = loading | { $0 == .fullScreen }
    }

    private func didSearch() {
        load(moviesSearch.search(query: query.value))
    }

    private func didLoadNextPage() {
        load(moviesSearch.loadNextPage())
    }

    private func didSelectItem(at index: Int) {
        guard let movie = moviesSearch.movie(at: index) else { return }
        actions?.showMovieDetails(movie)
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
        actions?.closeMovieQueriesSuggestions()
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
}
