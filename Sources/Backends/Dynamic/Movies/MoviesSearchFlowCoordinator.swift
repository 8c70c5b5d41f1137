import BindingKit
import Domain

/// Seed 004's flow coordinator: BindingKit's `MoviesSearchFlowCoordinating`
/// answers the list's actions; this one makes the objects (seed 004's DI
/// container), handing each view its view model with `bindViewModel(_:)`
/// (the demo's `Page.bindPageModel()`). Who keeps whom is as in every
/// backend (see `MoviesSearchFlowCoordinating`).
final class MoviesSearchFlowCoordinator: MoviesSearchFlowCoordinating {
    typealias DidSelect = (MovieQuery) -> Void

    weak var navigator: Navigator?
    weak var moviesListView: MoviesListView?
    weak var moviesQueriesSuggestionsView: MoviesQueriesListView?
    private let world: World
    private let capture: ListenerCapture

    init(world: World, navigator: Navigator, capture: ListenerCapture) {
        self.world = world
        self.navigator = navigator
        self.capture = capture
    }

    // MARK: Dependencies (seed 004's MoviesSceneDIContainer)

    /// The list inside seed 002's container, both bound to the one view model.
    func makeMoviesListScreen(actions: MoviesListViewModelActions)
        -> (screen: any Screen, content: MoviesListView)
    {
        let viewModel = MoviesListViewModel(
            searchMoviesUseCase: world.useCases.searchMovies, actions: actions, world: world)
        let view = MoviesListView(world: world)
        let container = ContainerView(content: view, world: world, capture: capture)
        view.bindViewModel(viewModel)
        container.bindViewModel(viewModel)
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
