import BindingKit
import Domain

/// What the flow coordinator needs made (seed 004's
/// `MoviesSearchFlowCoordinatorDependencies`).
protocol MoviesSearchFlowCoordinatorDependencies {
    /// The movies list inside seed 002's container: the screen to show, and
    /// the content the suggestions are embedded in.
    func makeMoviesListViewController(actions: MoviesListViewModelActions)
        -> (screen: any Screen, content: MoviesListView)
    func makeMoviesDetailsViewController(movie: Movie) -> MovieDetailsView
    func makeMoviesQueriesSuggestionsListViewController(
        didSelect: @escaping MoviesQueryListViewModelDidSelectAction
    ) -> MoviesQueriesListView
}

/// Seed 004's `MoviesSceneDIContainer`: it makes the scene's objects and
/// nothing else; the flow coordinator it makes decides when to show them.
final class MoviesSceneDIContainer: MoviesSearchFlowCoordinatorDependencies {
    private let world: World
    private let form: ObservableForm
    private let wiring: ObservableWiring

    init(world: World, form: ObservableForm, wiring: ObservableWiring) {
        self.world = world
        self.form = form
        self.wiring = wiring
    }

    // MARK: Movies list

    /// Concrete, not `any MoviesListViewModel` as in the repository: the
    /// container is generic over what it observes, and an existential does
    /// not conform to its protocol.
    func makeMoviesListViewModel(actions: MoviesListViewModelActions) -> DefaultMoviesListViewModel {
        DefaultMoviesListViewModel(
            searchMoviesUseCase: world.useCases.searchMovies, actions: actions,
            mainQueue: form.viewModelQueue(in: world),
            form: form, world: world)
    }

    func makeMoviesListViewController(actions: MoviesListViewModelActions)
        -> (screen: any Screen, content: MoviesListView)
    {
        let viewModel = makeMoviesListViewModel(actions: actions)
        let content = MoviesListView(viewModel: viewModel, wiring: wiring, world: world)
        return (ContainerView(content: content, viewModel: viewModel, world: world), content)
    }

    // MARK: Movie details

    func makeMoviesDetailsViewController(movie: Movie) -> MovieDetailsView {
        MovieDetailsView(viewModel: MovieDetailsViewModel(movie: movie, world: world), world: world)
    }

    // MARK: Movies queries suggestions list

    func makeMoviesQueryListViewModel(
        didSelect: @escaping MoviesQueryListViewModelDidSelectAction
    ) -> any MoviesQueryListViewModel {
        DefaultMoviesQueryListViewModel(
            fetchRecentMovieQueriesUseCase: world.useCases.fetchRecentMovieQueries, didSelect: didSelect,
            form: form, world: world)
    }

    func makeMoviesQueriesSuggestionsListViewController(
        didSelect: @escaping MoviesQueryListViewModelDidSelectAction
    ) -> MoviesQueriesListView {
        MoviesQueriesListView(viewModel: makeMoviesQueryListViewModel(didSelect: didSelect), world: world)
    }

    // MARK: Flow coordinators

    func makeMoviesSearchFlowCoordinator(navigator: Navigator) -> MoviesSearchFlowCoordinator {
        MoviesSearchFlowCoordinator(navigator: navigator, dependencies: self, world: world)
    }
}
