import BindingKit
import Domain

/// Seed 004's navigation: closures the flow coordinator hands the view model,
/// so that it can ask for another screen without knowing the navigator.
struct MoviesListViewModelActions {
    let showMovieDetails: (Movie) -> Void
    let showMovieQueriesSuggestions: (_ didSelect: @escaping MoviesQueryListViewModelDidSelectAction) -> Void
    let closeMovieQueriesSuggestions: () -> Void
}

/// What the view calls (seed 004's `MoviesListViewModelInput`).
protocol MoviesListViewModelInput: AnyObject {
    func viewDidLoad()
    func didSearch(query: String)
    func didCancelSearch()
    func showQueriesSuggestions()
    func closeQueriesSuggestions()
    func didLoadNextPage()
    func didSelectItem(at index: Int)
}

/// What the views observe (seed 004's `MoviesListViewModelOutput`): four
/// observables, a computed `isEmpty` and the fixed titles. `loading` has two
/// observers, the container (the full screen) and the content (the footer).
protocol MoviesListViewModelOutput: ContainerViewModelOutput where Loading == MoviesListViewModelLoading? {
    var items: any ObservableProperty<[MoviesListItemViewModel]> { get }
    var query: any ObservableProperty<String> { get }
    var isEmpty: Bool { get }
    /// "Page 1 of 3", or "" while there are no items (the playground's line).
    var pageInfo: String { get }
    var screenTitle: String { get }
    var emptyDataTitle: String { get }
    var errorTitle: String { get }
    var searchBarPlaceholder: String { get }
}

typealias MoviesListViewModel = MoviesListViewModelInput & MoviesListViewModelOutput

/// Seed 004's `DefaultMoviesListViewModel`: it sets its observables and never
/// knows who observes them. Every answer of the use case is handled on the
/// injected `mainQueue`, as in the repository, so what it sets then reaches
/// the views a main-queue turn after the answer.
final class DefaultMoviesListViewModel: MoviesListViewModel {
    // MARK: Output

    let items: any ObservableProperty<[MoviesListItemViewModel]>
    let loading: any ObservableProperty<MoviesListViewModelLoading?>
    let query: any ObservableProperty<String>
    let error: any ObservableProperty<String>
    var isEmpty: Bool { items.value.isEmpty }
    var pageInfo: String { isEmpty ? "" : "Page \(pages.currentPage) of \(pages.totalPageCount)" }
    let screenTitle = "Movies"
    let emptyDataTitle = "Search results"
    let errorTitle = "Error"
    let searchBarPlaceholder = "Search Movies"

    func isFullScreen(_ loading: MoviesListViewModelLoading?) -> Bool { loading == .fullScreen }

    // MARK: Pagination

    /// Seed 004's `currentPage`, `totalPageCount`, `hasMorePages`, `nextPage`
    /// and the pages loaded so far, kept by BindingKit's `MoviesPages`.
    private var pages = MoviesPages()
    private var moviesLoadTask: (any Cancellable)? {
        willSet { moviesLoadTask?.cancel() }
    }

    private let searchMoviesUseCase: SearchMoviesUseCase
    private let actions: MoviesListViewModelActions?
    private let mainQueue: any DispatchQueueType
    private let form: ObservableForm
    private let world: World
    private let tracer: Tracer
    private let tracker: LiveObjects.Token

    init(
        searchMoviesUseCase: SearchMoviesUseCase, actions: MoviesListViewModelActions? = nil,
        mainQueue: any DispatchQueueType, form: ObservableForm, world: World
    ) {
        let me = DefaultMoviesListViewModel.self
        items = form.make([], "items", of: me, in: world) { "\($0.count)" }
        loading = form.make(nil, "loading", of: me, in: world) { $0.map { ".\($0)" } ?? "nil" }
        query = form.make("", "query", of: me, in: world) { "\"\($0)\"" }
        error = form.make("", "error", of: me, in: world) { "\"\($0)\"" }
        self.searchMoviesUseCase = searchMoviesUseCase
        self.actions = actions
        self.mainQueue = mainQueue
        self.form = form
        self.world = world
        self.tracer = world.tracer
        self.tracker = world.alive.track(Self.self)
    }

    // MARK: Input

    func viewDidLoad() {}

    func didSearch(query: String) {
        guard !query.isEmpty else { return }
        update(movieQuery: MovieQuery(query: query))
    }

    func didCancelSearch() {
        moviesLoadTask = nil  // cancels it
        if loading.value != nil { loading.value = nil }
    }

    func showQueriesSuggestions() {
        perform("showMovieQueriesSuggestions(didSelect:)") {
            $0.showMovieQueriesSuggestions { [weak self] movieQuery in
                // A pick closes the list and searches it.
                self?.closeQueriesSuggestions()
                self?.update(movieQuery: movieQuery)
            }
        }
    }

    func closeQueriesSuggestions() {
        perform("closeMovieQueriesSuggestions()") { $0.closeMovieQueriesSuggestions() }
    }

    func didLoadNextPage() {
        guard pages.hasMorePages, loading.value == nil else { return }
        load(movieQuery: MovieQuery(query: query.value), loading: .nextPage)
    }

    func didSelectItem(at index: Int) {
        let movies = pages.movies
        guard movies.indices.contains(index) else { return }
        perform("showMovieDetails(_:)") { $0.showMovieDetails(movies[index]) }
    }

    // MARK: Private

    private func update(movieQuery: MovieQuery) {
        resetPages()
        load(movieQuery: movieQuery, loading: .fullScreen)
    }

    private func resetPages() {
        pages.reset()
        items.value.removeAll()
    }

    private func load(movieQuery: MovieQuery, loading: MoviesListViewModelLoading) {
        self.loading.value = loading
        query.value = movieQuery.query
        let request = SearchMoviesUseCase.RequestValue(query: movieQuery, page: pages.nextPage)
        moviesLoadTask = searchMoviesUseCase.execute(requestValue: request) { [weak self] result in
            self?.mainQueue.async {
                switch result {
                case .success(let page): self?.appendPage(page)
                case .failure(let error): self?.handle(error: error)
                }
                self?.loading.value = nil
            }
        }
    }

    private func appendPage(_ moviesPage: MoviesPage) {
        pages.append(moviesPage)
        items.value = pages.movies.map { MoviesListItemViewModel(movie: $0, form: form, world: world) }
    }

    /// Seed 004 tells the user only two things: offline, or it failed.
    private func handle(error: DataError) {
        self.error.value = MoviesPages.errorMessage(for: error)
    }

    /// Calls the flow coordinator through the actions it handed over.
    private func perform(_ message: String, _ call: (MoviesListViewModelActions) -> Void) {
        tracer.hop(message, from: Self.self, to: actions.map { _ in MoviesListViewModelActions.self })
        actions.map(call)
    }
}
