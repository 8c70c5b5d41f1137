import BindingKit
import Domain

/// Seed 004's flow coordinator: it answers the list's
/// `MoviesListViewModelActions` by pushing details and embedding the
/// suggestions; the DI container makes what it shows.
///
/// Who keeps whom: the screen holds the list view, the view its view model,
/// the view model its actions, and the actions hold this coordinator (and so
/// its dependencies) strongly, as in seed 004 ("the flow lives as long as
/// the closures"). The coordinator holds the navigator and the views weakly,
/// which closes no cycle: once the navigator drops the screen, all go.
final class MoviesSearchFlowCoordinator {
    private weak var navigator: Navigator?
    private let dependencies: any MoviesSearchFlowCoordinatorDependencies
    private weak var moviesListView: MoviesListView?
    private weak var moviesQueriesSuggestionsView: MoviesQueriesListView?
    private let tracker: LiveObjects.Token

    init(navigator: Navigator, dependencies: any MoviesSearchFlowCoordinatorDependencies, world: World) {
        self.navigator = navigator
        self.dependencies = dependencies
        self.tracker = world.alive.track(Self.self)
    }

    /// Makes the movies list screen. The caller shows it as the navigator's
    /// root (the playground's device pushes root screens itself).
    func start() -> any Screen {
        let actions = MoviesListViewModelActions(
            showMovieDetails: showMovieDetails(movie:),
            showMovieQueriesSuggestions: showMovieQueriesSuggestions(didSelect:),
            closeMovieQueriesSuggestions: closeMovieQueriesSuggestions)
        let (screen, content) = dependencies.makeMoviesListViewController(actions: actions)
        moviesListView = content
        return screen
    }

    private func showMovieDetails(movie: Movie) {
        navigator?.push(dependencies.makeMoviesDetailsViewController(movie: movie))
    }

    private func showMovieQueriesSuggestions(didSelect: @escaping (MovieQuery) -> Void) {
        guard let moviesListView, moviesQueriesSuggestionsView == nil else { return }
        let view = dependencies.makeMoviesQueriesSuggestionsListViewController(didSelect: didSelect)
        moviesListView.add(child: view)
        moviesQueriesSuggestionsView = view
    }

    private func closeMovieQueriesSuggestions() {
        moviesListView?.removeChild()
        moviesQueriesSuggestionsView = nil
    }
}
