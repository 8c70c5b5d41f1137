import BindingKit
import Domain

/// The flow coordinator of "Clean architecture and MVVM in iOS": makes the
/// movies screens (its `make…` methods are the article's DI container) and
/// answers the list's `MoviesListViewModelActions` by pushing details and
/// embedding the suggestions.
///
/// `start()` and the answers to the actions are BindingKit's
/// `MoviesSearchFlowCoordinating` (the same in every backend, with who keeps
/// whom); what is this backend's is how the `make…` methods bind.
final class MoviesSearchFlowCoordinator: MoviesSearchFlowCoordinating {
    typealias DidSelect = any MoviesQueryListViewModelDelegate

    weak var navigator: Navigator?
    weak var moviesListView: MoviesListView?
    weak var moviesQueriesSuggestionsView: MoviesQueriesListView?
    private let useCases: UseCases

    init(useCases: UseCases, navigator: Navigator) {
        self.useCases = useCases
        self.navigator = navigator
    }

    // MARK: Dependencies (the article's MoviesSceneDIContainer)

    /// The list inside the container, both driven by one view model.
    func makeMoviesListScreen(actions: MoviesListViewModelActions)
        -> (screen: any Screen, content: MoviesListView)
    {
        let viewModel = MoviesListViewModel(searchMoviesUseCase: useCases.searchMovies, actions: actions)
        let view = MoviesListView(viewModel: viewModel)
        let container = ContainerView(content: view)
        viewModel.listener = container
        return (container, view)
    }

    func makeMoviesQueriesSuggestionsListView(
        didSelect: any MoviesQueryListViewModelDelegate
    ) -> MoviesQueriesListView {
        let viewModel = MoviesQueriesListViewModel(fetchRecentMovieQueriesUseCase: useCases.fetchRecentMovieQueries)
        viewModel.delegate = didSelect
        return MoviesQueriesListView(viewModel: viewModel)
    }

    func makeMovieDetailsView(movie: Movie) -> MovieDetailsView {
        MovieDetailsView(viewModel: MovieDetailsViewModel(movie: movie))
    }
}
