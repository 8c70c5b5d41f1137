import BindingKit
import Domain

/// The flow coordinator of "Clean architecture and MVVM in iOS": makes the
/// movies screens (its `make…` methods are the article's DI container, here
/// each module's assembly) and answers the list's `MoviesListViewModelActions`
/// by pushing details and embedding the suggestions: the router of the
/// movies list.
///
/// `start()` and the answers to the actions are BindingKit's
/// `MoviesSearchFlowCoordinating` (the same in every backend, with who keeps
/// whom); what is this backend's is the `make…` methods: each view is a
/// hosting controller over a SwiftUI tree and its observed view model.
final class MoviesSearchFlowCoordinator: MoviesSearchFlowCoordinating {
    typealias DidSelect = (MovieQuery) -> Void

    weak var navigator: Navigator?
    weak var moviesListView: HostingController<ContainerView<MoviesListView>>?
    weak var moviesQueriesSuggestionsView: HostingController<MoviesQueriesListView>?
    private let useCases: UseCases

    init(useCases: UseCases, navigator: Navigator) {
        self.useCases = useCases
        self.navigator = navigator
    }

    // MARK: Dependencies (the article's MoviesSceneDIContainer)

    /// The list inside the container, on one hosting controller: the screen
    /// and the view the suggestions are embedded in.
    func makeMoviesListScreen(actions: MoviesListViewModelActions)
        -> (screen: any Screen, content: HostingController<ContainerView<MoviesListView>>)
    {
        let viewModel = MoviesListViewModel()
        let interactor = MoviesListInteractor(
            searchMoviesUseCase: useCases.searchMovies, presenter: MoviesListPresenter(viewModel: viewModel),
            router: actions)
        let screen = HostingController(
            rootView: ContainerView(content: MoviesListView(model: viewModel, interactor: interactor)))
        return (screen, screen)
    }

    func makeMoviesQueriesSuggestionsListView(
        didSelect: @escaping (MovieQuery) -> Void
    ) -> HostingController<MoviesQueriesListView> {
        let viewModel = MoviesQueriesListViewModel()
        let interactor = MoviesQueriesListInteractor(
            fetchRecentMovieQueriesUseCase: useCases.fetchRecentMovieQueries,
            presenter: MoviesQueriesListPresenter(viewModel: viewModel), didSelect: didSelect)
        return HostingController(rootView: MoviesQueriesListView(model: viewModel, interactor: interactor))
    }

    func makeMovieDetailsView(movie: Movie) -> HostingController<MovieDetailsView> {
        let viewModel = MovieDetailsViewModel()
        MovieDetailsPresenter(viewModel: viewModel).present(movie)
        return HostingController(rootView: MovieDetailsView(model: viewModel))
    }
}
