import BindingKit
import Domain

/// Seed 004's flow coordinator: makes the movies screens (its `make…`
/// methods are the article's DI container) and answers the list's
/// `MoviesListViewModelActions` by pushing details and embedding the
/// suggestions. Each view is given its view model the seed 001 way,
/// `view.viewModel = viewModel`.
///
/// `start()` and the answers to the actions are BindingKit's
/// `MoviesSearchFlowCoordinating` (the same in every backend, with who keeps
/// whom); what is this backend's is how the `make…` methods bind.
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

    /// The list inside seed 002's container, both given the one view model.
    func makeMoviesListScreen(actions: MoviesListViewModelActions)
        -> (screen: any Screen, content: MoviesListView)
    {
        let viewModel = MoviesListViewModel(
            searchMoviesUseCase: world.useCases.searchMovies, actions: actions, world: world)
        let view = MoviesListView(world: world)
        let container = ContainerView(content: view, world: world)
        view.viewModel = viewModel
        container.viewModel = viewModel
        return (container, view)
    }

    func makeMoviesQueriesSuggestionsListView(
        didSelect: @escaping (MovieQuery) -> Void
    ) -> MoviesQueriesListView {
        let viewModel = MoviesQueriesListViewModel(
            fetchRecentMovieQueriesUseCase: world.useCases.fetchRecentMovieQueries, didSelect: didSelect,
            world: world)
        let view = MoviesQueriesListView(world: world)
        view.viewModel = viewModel
        return view
    }

    func makeMovieDetailsView(movie: Movie) -> MovieDetailsView {
        let view = MovieDetailsView(world: world)
        view.viewModel = MovieDetailsViewModel(movie: movie, world: world)
        return view
    }
}
