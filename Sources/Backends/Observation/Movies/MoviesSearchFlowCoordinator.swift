import BindingKit
import Domain

/// Seed 004's flow coordinator: makes the movies screens (its `make…`
/// methods are the article's DI container) and answers the list's
/// `MoviesListViewModelActions` by pushing details and embedding the
/// suggestions.
///
/// `start()` and the answers to the actions are BindingKit's
/// `MoviesSearchFlowCoordinating` (the same in every backend, with who keeps
/// whom); what is this backend's is the `make…` methods: each view is handed
/// its `@Observable` view model, and the container its content.
final class MoviesSearchFlowCoordinator: MoviesSearchFlowCoordinating {
    typealias DidSelect = (MovieQuery) -> Void

    weak var navigator: Navigator?
    weak var moviesListView: MoviesListView?
    weak var moviesQueriesSuggestionsView: MoviesQueriesListView?
    private let world: World
    /// The re-renders of every view this flow makes, in one pass a turn.
    private let renders: RenderQueue

    init(world: World, navigator: Navigator) {
        self.world = world
        self.renders = RenderQueue(world: world)
        self.navigator = navigator
    }

    // MARK: Dependencies (seed 004's MoviesSceneDIContainer)

    /// The list inside seed 002's container, both rendering from one view model.
    func makeMoviesListScreen(actions: MoviesListViewModelActions)
        -> (screen: any Screen, content: MoviesListView)
    {
        let viewModel = MoviesListViewModel(
            searchMoviesUseCase: world.useCases.searchMovies, actions: actions, world: world)
        let content = MoviesListView(viewModel: viewModel, world: world, renders: renders)
        return (ContainerView(content: content, world: world, renders: renders), content)
    }

    func makeMoviesQueriesSuggestionsListView(
        didSelect: @escaping (MovieQuery) -> Void
    ) -> MoviesQueriesListView {
        let viewModel = MoviesQueriesListViewModel(
            fetchRecentMovieQueriesUseCase: world.useCases.fetchRecentMovieQueries, didSelect: didSelect,
            world: world)
        return MoviesQueriesListView(viewModel: viewModel, world: world, renders: renders)
    }

    func makeMovieDetailsView(movie: Movie) -> MovieDetailsView {
        MovieDetailsView(viewModel: MovieDetailsViewModel(movie: movie, world: world), world: world, renders: renders)
    }
}
