import BindingKit
import Domain

/// The flow coordinator of "Clean architecture and MVVM in iOS": BindingKit's
/// `MoviesSearchFlowCoordinating` answers the list's actions; this one makes
/// the objects (the article's DI container), each view given its view model,
/// which it binds when its view has loaded (the demo's `Page`). Who keeps
/// whom is as in every backend (see `MoviesSearchFlowCoordinating`).
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

    /// The list inside the container, both bound to the one view model.
    func makeMoviesListScreen(actions: MoviesListViewModelActions)
        -> (screen: any Screen, content: MoviesListView)
    {
        let viewModel = MoviesListViewModel(searchMoviesUseCase: useCases.searchMovies, actions: actions)
        let view = MoviesListView(viewModel: viewModel)
        return (ContainerView(content: view, viewModel: viewModel), view)
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
