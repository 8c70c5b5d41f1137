import BindingKit
import Domain

/// The Clean Architecture article's flow coordinator: it answers the list's
/// `MoviesListViewModelActions` (BindingKit's `MoviesSearchFlowCoordinating`:
/// push the details, embed the suggestions, take them out); what it shows is
/// made by its dependencies, the article's `MoviesSceneDIContainer`.
///
/// Who keeps whom: the screen holds the list view, the view its view model,
/// the view model its actions, and the actions hold this coordinator (and so
/// its dependencies) strongly, as in the article ("the flow lives as long as
/// the closures"). The coordinator holds the navigator and the views weakly,
/// which closes no cycle: once the navigator drops the screen, all go.
final class MoviesSearchFlowCoordinator: MoviesSearchFlowCoordinating {
    typealias DidSelect = MoviesQueryListViewModelDidSelectAction

    weak var navigator: Navigator?
    weak var moviesListView: MoviesListView?
    weak var moviesQueriesSuggestionsView: MoviesQueriesListView?
    private let dependencies: any MoviesSearchFlowCoordinatorDependencies

    init(navigator: Navigator, dependencies: any MoviesSearchFlowCoordinatorDependencies) {
        self.navigator = navigator
        self.dependencies = dependencies
    }

    // MARK: What to show, asked of the DI container

    func makeMoviesListScreen(actions: MoviesListViewModelActions) -> (screen: any Screen, content: MoviesListView) {
        dependencies.makeMoviesListViewController(actions: actions)
    }

    func makeMoviesQueriesSuggestionsListView(
        didSelect: @escaping MoviesQueryListViewModelDidSelectAction
    ) -> MoviesQueriesListView {
        dependencies.makeMoviesQueriesSuggestionsListViewController(didSelect: didSelect)
    }

    func makeMovieDetailsView(movie: Movie) -> MovieDetailsView {
        dependencies.makeMoviesDetailsViewController(movie: movie)
    }
}
