import BindingKit
import Domain

/// Seed 004's flow coordinator: makes the movies screens (its `make…`
/// methods are the article's DI container) and answers the list's
/// `MoviesListViewModelActions` by pushing details and embedding the
/// suggestions. Each view is handed its view model with `bindViewModel(_:)`
/// (the demo's `Page.bindPageModel()`).
///
/// Who keeps whom: the screen holds the list view, the view its view model,
/// the view model its actions, and the actions hold this coordinator
/// strongly, as in seed 004. The coordinator holds the navigator and the
/// views weakly, which closes no cycle.
final class MoviesSearchFlowCoordinator {
    private weak var navigator: Navigator?
    private weak var moviesListView: MoviesListView?
    private weak var moviesQueriesSuggestionsView: MoviesQueriesListView?
    private let world: World
    private let capture: ListenerCapture
    private let tracker: LiveObjects.Token

    init(world: World, navigator: Navigator, capture: ListenerCapture) {
        self.world = world
        self.navigator = navigator
        self.capture = capture
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
        navigator?.push(MovieDetailsView(viewModel: MovieDetailsViewModel(movie: movie, world: world), world: world))
    }

    private func showMovieQueriesSuggestions(didSelect: @escaping (MovieQuery) -> Void) {
        guard let moviesListView, moviesQueriesSuggestionsView == nil else { return }
        let viewModel = MoviesQueriesListViewModel(
            fetchRecentMovieQueriesUseCase: world.useCases.fetchRecentMovieQueries, didSelect: didSelect,
            world: world)
        let view = MoviesQueriesListView(viewModel: viewModel, world: world)
        moviesListView.add(child: view)
        moviesQueriesSuggestionsView = view
    }

    private func closeMovieQueriesSuggestions() {
        moviesListView?.removeChild()
        moviesQueriesSuggestionsView = nil
    }

    // MARK: Dependencies (seed 004's MoviesSceneDIContainer)

    /// The list inside seed 002's container, both bound to the one view model.
    private func makeMoviesListScreen(actions: MoviesListViewModelActions)
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
}
