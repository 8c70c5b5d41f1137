import BindingKit
import Domain

/// Seed 004's flow coordinator: makes the movies screens (its `make…`
/// methods are the article's DI container) and answers the list's
/// `MoviesListViewModelActions` by pushing details and embedding the
/// suggestions. Each view is given its view model the seed 001 way,
/// `view.viewModel = viewModel`.
///
/// Who keeps whom: the screen holds the list view, the view its view model
/// (in associated storage), the view model its actions, and the actions hold
/// this coordinator strongly, as in seed 004, so nobody else has to keep it.
/// The coordinator holds the navigator and the views weakly, which closes no
/// cycle: once the navigator drops the screen, everything goes.
final class MoviesSearchFlowCoordinator {
    private weak var navigator: Navigator?
    private weak var moviesListView: MoviesListView?
    private weak var moviesQueriesSuggestionsView: MoviesQueriesListView?
    private let world: World
    private let tracker: LiveObjects.Token

    init(world: World, navigator: Navigator) {
        self.world = world
        self.navigator = navigator
        self.tracker = world.alive.track(Self.self)
    }

    /// Makes the movies list screen. The caller shows it as the navigator's
    /// root (the playground's device pushes root screens itself).
    func start() -> any Screen {
        let actions = MoviesListViewModelActions(
            showMovieDetails: showMovieDetails(movie:),
            showMovieQueriesSuggestions: showMovieQueriesSuggestions(didSelect:),
            closeMovieQueriesSuggestions: closeMovieQueriesSuggestions)
        let (screen, listView) = makeMoviesListScreen(actions: actions)
        moviesListView = listView
        return screen
    }

    // MARK: Actions

    private func showMovieDetails(movie: Movie) {
        navigator?.push(makeMovieDetailsView(movie: movie))
    }

    private func showMovieQueriesSuggestions(didSelect: @escaping (MovieQuery) -> Void) {
        guard let moviesListView, moviesQueriesSuggestionsView == nil else { return }
        let view = makeMoviesQueriesSuggestionsListView(didSelect: didSelect)
        moviesListView.add(child: view)
        moviesQueriesSuggestionsView = view
    }

    private func closeMovieQueriesSuggestions() {
        moviesListView?.removeChild()
        moviesQueriesSuggestionsView = nil
    }

    // MARK: Dependencies (seed 004's MoviesSceneDIContainer)

    /// The list inside seed 002's container, both given the one view model.
    private func makeMoviesListScreen(actions: MoviesListViewModelActions)
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

    private func makeMoviesQueriesSuggestionsListView(
        didSelect: @escaping (MovieQuery) -> Void
    ) -> MoviesQueriesListView {
        let viewModel = MoviesQueriesListViewModel(
            fetchRecentMovieQueriesUseCase: world.useCases.fetchRecentMovieQueries, didSelect: didSelect,
            world: world)
        let view = MoviesQueriesListView(world: world)
        view.viewModel = viewModel
        return view
    }

    private func makeMovieDetailsView(movie: Movie) -> MovieDetailsView {
        let view = MovieDetailsView(world: world)
        view.viewModel = MovieDetailsViewModel(movie: movie, world: world)
        return view
    }
}
