import BindingKit
import Domain

/// What the flow coordinator needs made (the Clean Architecture article's
/// `MoviesSearchFlowCoordinatorDependencies`).
protocol MoviesSearchFlowCoordinatorDependencies {
    /// The movies list inside the container: the screen to show, and the
    /// content the suggestions are embedded in.
    func makeMoviesListViewController(actions: MoviesListViewModelActions)
        -> (screen: any Screen, content: MoviesListView)
    func makeMoviesDetailsViewController(movie: Movie) -> MovieDetailsView
    func makeMoviesQueriesSuggestionsListViewController(
        didSelect: @escaping MoviesQueryListViewModelDidSelectAction
    ) -> MoviesQueriesListView
}

/// The article's `MoviesSceneDIContainer`: it makes the scene's objects and
/// nothing else; the flow coordinator it makes decides when to show them.
final class MoviesSceneDIContainer: MoviesSearchFlowCoordinatorDependencies {
    private let useCases: UseCases
    private let form: ObservableForm

    init(useCases: UseCases, form: ObservableForm) {
        self.useCases = useCases
        self.form = form
    }

    // MARK: Movies list

    /// Concrete, not `any MoviesListViewModel` as in the repository: the
    /// container is generic over what it observes, and an existential does
    /// not conform to its protocol.
    func makeMoviesListViewModel(actions: MoviesListViewModelActions) -> DefaultMoviesListViewModel {
        DefaultMoviesListViewModel(
            searchMoviesUseCase: useCases.searchMovies, actions: actions, mainQueue: form.viewModelQueue, form: form)
    }

    func makeMoviesListViewController(actions: MoviesListViewModelActions)
        -> (screen: any Screen, content: MoviesListView)
    {
        let viewModel = makeMoviesListViewModel(actions: actions)
        let content = MoviesListView(viewModel: viewModel)
        return (ContainerView(content: content, viewModel: viewModel), content)
    }

    // MARK: Movie details

    func makeMoviesDetailsViewController(movie: Movie) -> MovieDetailsView {
        MovieDetailsView(viewModel: MovieDetailsViewModel(movie: movie))
    }

    // MARK: Movies queries suggestions list

    func makeMoviesQueryListViewModel(
        didSelect: @escaping MoviesQueryListViewModelDidSelectAction
    ) -> any MoviesQueryListViewModel {
        DefaultMoviesQueryListViewModel(
            fetchRecentMovieQueriesUseCase: useCases.fetchRecentMovieQueries, didSelect: didSelect, form: form)
    }

    func makeMoviesQueriesSuggestionsListViewController(
        didSelect: @escaping MoviesQueryListViewModelDidSelectAction
    ) -> MoviesQueriesListView {
        MoviesQueriesListView(viewModel: makeMoviesQueryListViewModel(didSelect: didSelect))
    }

    // MARK: Flow coordinators

    func makeMoviesSearchFlowCoordinator(navigator: Navigator) -> MoviesSearchFlowCoordinator {
        MoviesSearchFlowCoordinator(navigator: navigator, dependencies: self)
    }
}
