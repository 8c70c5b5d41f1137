import BindingKit
import Domain
import Observation

/// The navigation closures of "Clean architecture and MVVM in iOS"
/// (BindingKit's), in that article's own form: the suggestions list gets a
/// `didSelect` closure.
typealias MoviesListViewModelActions = BindingKit.MoviesListViewModelActions<(MovieQuery) -> Void>

/// The movies list's view model (the `DefaultMoviesListViewModel` of "Clean
/// architecture and MVVM in iOS") as an `@Observable` class: that article's
/// `MoviesListViewModelOutput` — each an `Observable<Value>` there — are
/// plain stored properties here, and its input methods are plain methods the
/// view calls.
///
/// Nothing is sent. The list view reads the items, the query, the loading
/// kind and the page info; the container reads `isLoadingFullScreen` and
/// `error`: each is re-rendered only for what it read. Unlike that article's
/// `Observable`, a set to an equal value notifies nobody (the macro compares
/// `Equatable` values before it notifies); an in-place mutation (a row
/// renamed to the name it has) notifies all the same, and the view renders
/// again to no change (`:probe equal-value`: notified, nothing redrawn).
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
    /// The article's guard in `didLoadNextPage()`, stored as it changes: the
    /// Load more button's enabled state.
    private(set) var canLoadNextPage = false

    // MARK: Pagination

    /// The article's search sequence and pagination, BindingKit's: this view
    /// model calls it and stores its answers in the properties above. No
    /// view reads it, so it is not tracked.
    @ObservationIgnored private var search = MoviesSearch()
    /// The load in flight; a new one calls the old one off.
    @ObservationIgnored private var moviesLoadTask: (any Cancellable)? {
        willSet { moviesLoadTask?.cancel() }
    }

    @ObservationIgnored private let searchMoviesUseCase: SearchMoviesUseCase
    @ObservationIgnored private let actions: MoviesListViewModelActions?

    init(searchMoviesUseCase: SearchMoviesUseCase, actions: MoviesListViewModelActions?) {
        self.searchMoviesUseCase = searchMoviesUseCase
        self.actions = actions
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
        actions?.showMovieDetails(movie)
    }

    func didCancelSearch() {
        moviesLoadTask = nil  // cancels it
        if search.cancel() {
            loading = nil
            canLoadNextPage = search.canLoadNextPage
        }
    }

    func showQueriesSuggestions() {
        actions?.showMovieQueriesSuggestions { [weak self] movieQuery in
            self?.didSelect(movieQuery: movieQuery)
        }
    }

    func closeQueriesSuggestions() {
        actions?.closeMovieQueriesSuggestions()
    }

    // MARK: Private

    /// A recent query was picked (the article's `didSelect`): the list closes
    /// and the query is searched.
    private func didSelect(movieQuery: MovieQuery) {
        closeQueriesSuggestions()
        load(search.search(movieQuery))
    }

    /// Stores what a step of the search changed, then asks for its page
    /// (the article's `load(movieQuery:loading:)`). Each set is a plain
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
}
