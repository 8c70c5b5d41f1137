import BindingKit
import Domain

/// The flow coordinator of "Clean architecture and MVVM in iOS": makes the
/// movies screens (its `make…` methods are the article's DI container) and
/// answers the list's `MoviesListViewModelActions` by pushing details and
/// embedding the suggestions.
///
/// `start()` and the answers to the actions are BindingKit's
/// `MoviesSearchFlowCoordinating` (the same in every backend, with who keeps
/// whom); what is this backend's is how the `make…` methods bind: the views
/// subscribe to the view models' events, which hold them weakly.
final class MoviesSearchFlowCoordinator: MoviesSearchFlowCoordinating {
    typealias DidSelect = (MovieQuery) -> Void

    weak var navigator: Navigator?
    weak var moviesListView: MoviesListView?
    weak var moviesQueriesSuggestionsView: MoviesQueriesListView?
    private let useCases: UseCases

    init(useCases: UseCases, navigator: Navigator) {
        self.useCases = useCases
        self.navigator = navigator
    }

    // MARK: Dependencies (the article's MoviesSceneDIContainer)

    /// The list inside the container of "Adapting an existing business
    /// solution for iOS, part 3": both subscribe to the one view model's
    /// events, the list to its outputs, the container to `$loading` and
    /// `$error`.
    func makeMoviesListScreen(actions: MoviesListViewModelActions)
        -> (screen: any Screen, content: MoviesListView)
    {
        let viewModel = MoviesListViewModel(searchMoviesUseCase: useCases.searchMovies, actions: actions)
        let view = MoviesListView(viewModel: viewModel)
        let container = ContainerView(content: view)
        container.subscribe(loading: viewModel.$loading, showsSpinner: { $0 == .fullScreen }, error: viewModel.$error)
        return (container, view)
    }

    func makeMoviesQueriesSuggestionsListView(didSelect: @escaping (MovieQuery) -> Void) -> MoviesQueriesListView {
        let viewModel = MoviesQueriesListViewModel(
            fetchRecentMovieQueriesUseCase: useCases.fetchRecentMovieQueries, didSelect: didSelect)
        return MoviesQueriesListView(viewModel: viewModel)
    }

    func makeMovieDetailsView(movie: Movie) -> MovieDetailsView {
        MovieDetailsView(viewModel: MovieDetailsViewModel(movie: movie))
    }
}
