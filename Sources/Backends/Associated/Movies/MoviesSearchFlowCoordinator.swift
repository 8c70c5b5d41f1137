import BindingKit
import Domain

/// The flow coordinator of "Clean architecture and MVVM in iOS": makes the
/// movies screens (its `make…` methods are the article's DI container) and
/// answers the list's `MoviesListViewModelActions` by pushing details and
/// embedding the suggestions. Each view is given its view model the Tinkoff
/// article's way, `view.viewModel = viewModel`.
///
/// `start()` and the answers to the actions are BindingKit's
/// `MoviesSearchFlowCoordinating` (the same in every backend, with who keeps
/// whom); what is this backend's is how the `make…` methods bind.
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
    /// solution for iOS, part 3", both given the one view model.
    func makeMoviesListScreen(actions: MoviesListViewModelActions)
        -> (screen: any Screen, content: MoviesListView)
    {
        let viewModel = MoviesListViewModel(searchMoviesUseCase: useCases.searchMovies, actions: actions)
        let view = MoviesListView()
        let container = ContainerView(content: view)
        view.viewModel = viewModel
        container.viewModel = viewModel
        return (container, view)
    }

    func makeMoviesQueriesSuggestionsListView(
        didSelect: @escaping (MovieQuery) -> Void
    ) -> MoviesQueriesListView {
        let viewModel = MoviesQueriesListViewModel(
            fetchRecentMovieQueriesUseCase: useCases.fetchRecentMovieQueries, didSelect: didSelect)
        let view = MoviesQueriesListView()
        view.viewModel = viewModel
        return view
    }

    func makeMovieDetailsView(movie: Movie) -> MovieDetailsView {
        let view = MovieDetailsView()
        view.viewModel = MovieDetailsViewModel(movie: movie)
        return view
    }
}
