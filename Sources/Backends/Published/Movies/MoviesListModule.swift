import BindingKit
import Domain

// The movies list of "Clean architecture and MVVM in iOS" (2024) as a module
// of "Adapting an existing business solution for iOS, part 3" (2020): its
// `DefaultMoviesListViewModel` split in three. The interactor takes the
// input methods and the use case, the presenter turns their answers into
// the view model, which keeps only the outputs, and the flow coordinator
// is the router, reached through the Clean Architecture article's actions.

/// The navigation closures of "Clean architecture and MVVM in iOS"
/// (BindingKit's), in that article's form: the suggestions list gets a
/// `didSelect` closure.
typealias MoviesListViewModelActions = BindingKit.MoviesListViewModelActions<(MovieQuery) -> Void>

/// The Clean Architecture article's `MoviesListViewModelOutput`, ready to be
/// shown, every one published.
class MoviesListViewModel: ObservableObject, IModel {
    let screenTitle = "Movies"
    let emptyDataTitle = "Search results"
    let searchBarPlaceholder = "Search Movies"

    @Published var items: [MoviesListItemViewModel] = []
    @Published var loading: MoviesListViewModelLoading?
    /// What the search field shows: the query searched, or what the user is
    /// typing (the field is bound both ways, `$viewModel.query`).
    @Published var query = ""
    @Published var isEmpty = true
    /// "Page 1 of 3", or "" while there are no items.
    @Published var pageInfo = ""
    /// Whether the next page can be asked for: more pages, nothing loading.
    @Published var canLoadNextPage = false
    /// The container, told of the full-screen loading and of errors.
    var listener: (any IContainer)?
}

/// The Clean Architecture article's `MoviesListViewModelInput`, and its use
/// case: the search sequence and pagination are BindingKit's `MoviesSearch`,
/// which this interactor calls, and whose answers it hands the presenter.
final class MoviesListInteractor {
    private var search = MoviesSearch()
    /// The load in flight; a new one calls the old one off.
    private var moviesLoadTask: (any Cancellable)? {
        willSet { moviesLoadTask?.cancel() }
    }
    /// Whether the recent queries are shown, so that only then are they closed.
    private var showsQueriesSuggestions = false
    private let searchMoviesUseCase: SearchMoviesUseCase
    private let presenter: MoviesListPresenter
    /// The router: the flow coordinator, through its actions.
    private let router: MoviesListViewModelActions?

    init(searchMoviesUseCase: SearchMoviesUseCase, presenter: MoviesListPresenter, router: MoviesListViewModelActions?)
    {
        self.searchMoviesUseCase = searchMoviesUseCase
        self.presenter = presenter
        self.router = router
    }

    func didSearch(query: String) {
        load(search.search(query: query))
    }

    func didLoadNextPage() {
        load(search.loadNextPage())
    }

    func didSelectItem(at index: Int) {
        guard let movie = search.movie(at: index) else { return }
        router?.showMovieDetails(movie)
    }

    func didCancelSearch() {
        moviesLoadTask = nil  // cancels it
        if search.cancel() { presenter.presentLoadingEnded(search) }
    }

    func showQueriesSuggestions() {
        showsQueriesSuggestions = true
        router?.showMovieQueriesSuggestions { [weak self] movieQuery in self?.didSelect(movieQuery: movieQuery) }
    }

    func closeQueriesSuggestions() {
        guard showsQueriesSuggestions else { return }
        showsQueriesSuggestions = false
        router?.closeMovieQueriesSuggestions()
    }

    /// A recent query was picked: the list closes and the query is searched.
    private func didSelect(movieQuery: MovieQuery) {
        closeQueriesSuggestions()
        load(search.search(movieQuery))
    }

    /// Shows what a step of the search changed, then asks for its page (the
    /// Clean Architecture article's `load(movieQuery:loading:)`).
    private func load(_ request: MoviesSearch.Request?) {
        guard let request else { return }
        presenter.present(request, of: search)
        moviesLoadTask = searchMoviesUseCase.execute(requestValue: request.requestValue) { [weak self] result in
            guard let self else { return }
            let outcome = search.receive(result)
            presenter.present(outcome, of: search)
        }
    }
}

/// Turns the search's answers into the view model; the full-screen loading
/// and the errors go to the container, through the view model's listener.
final class MoviesListPresenter {
    private let viewModel: MoviesListViewModel

    init(viewModel: MoviesListViewModel) {
        self.viewModel = viewModel
    }

    /// A page is asked for: a new search empties the list first.
    func present(_ request: MoviesSearch.Request, of search: MoviesSearch) {
        if request.isNewSearch {
            viewModel.items.removeAll()
            viewModel.isEmpty = search.isEmpty
            viewModel.pageInfo = search.pageInfo
        }
        viewModel.loading = request.loading
        viewModel.canLoadNextPage = search.canLoadNextPage
        viewModel.query = request.query
        if request.loading == .fullScreen { viewModel.listener?.showLoading() }
    }

    /// The page arrived, or the error: either way the loading ends.
    func present(_ outcome: MoviesSearch.Outcome, of search: MoviesSearch) {
        switch outcome {
        case .page(let update):
            update.apply(to: &viewModel.items)
            viewModel.isEmpty = search.isEmpty
            viewModel.pageInfo = search.pageInfo
        case .failure(let message):
            viewModel.listener?.showError(error: message)
        }
        presentLoadingEnded(search)
    }

    func presentLoadingEnded(_ search: MoviesSearch) {
        let wasFullScreen = viewModel.loading == .fullScreen
        viewModel.loading = nil
        viewModel.canLoadNextPage = search.canLoadNextPage
        if wasFullScreen { viewModel.listener?.hideLoading() }
    }
}
