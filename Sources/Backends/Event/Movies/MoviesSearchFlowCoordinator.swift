import BindingKit
import Domain

/// Seed 004's flow coordinator: makes the movies screens (its `make…`
/// methods are the article's DI container) and answers the list's
/// `MoviesListViewModelActions` by pushing details and embedding the
/// suggestions.
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
    private let world: World

    init(world: World, navigator: Navigator) {
        self.world = world
        self.navigator = navigator
    }

    // MARK: Dependencies (seed 004's MoviesSceneDIContainer)

    /// The list inside seed 002's container: both subscribe to the one view
    /// model's events, the list to its outputs, the container to `$loading`
    /// and `$error`.
    func makeMoviesListScreen(actions: MoviesListViewModelActions)
        -> (screen: any Screen, content: MoviesListView)
    {
        let viewModel = MoviesListViewModel(
            searchMoviesUseCase: world.useCases.searchMovies, actions: actions, world: world)
        let view = MoviesListView(viewModel: viewModel, world: world)
        let container = ContainerView(content: view, world: world)
        container.subscribe(loading: viewModel.$loading, showsSpinner: { $0 == .fullScreen }, error: viewModel.$error)
        return (container, view)
    }

    func makeMoviesQueriesSuggestionsListView(didSelect: @escaping (MovieQuery) -> Void) -> MoviesQueriesListView {
        let viewModel = MoviesQueriesListViewModel(
            fetchRecentMovieQueriesUseCase: world.useCases.fetchRecentMovieQueries, didSelect: didSelect,
            world: world)
        return MoviesQueriesListView(viewModel: viewModel, world: world)
    }

    func makeMovieDetailsView(movie: Movie) -> MovieDetailsView {
        MovieDetailsView(viewModel: MovieDetailsViewModel(movie: movie, world: world), world: world)
    }
}
