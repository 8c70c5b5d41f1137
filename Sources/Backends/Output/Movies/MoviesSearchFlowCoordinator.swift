import BindingKit
import Domain

/// Seed 004's flow coordinator: makes the movies screens (its `make…`
/// methods are the article's DI container, each ending in seed 000's
/// `view.bind(with: viewModel)`) and answers the list's
/// `MoviesListViewModelActions` by pushing details and embedding the
/// suggestions.
///
/// `start()` and the answers to the actions are BindingKit's
/// `MoviesSearchFlowCoordinating` (the same in every backend, with who keeps
/// whom); what is this backend's is how the `make…` methods bind.
final class MoviesSearchFlowCoordinator: MoviesSearchFlowCoordinating {
    typealias DidSelect = (MovieQuery) -> Void

    weak var navigator: Navigator?
    weak var moviesListView: MoviesListView?
    weak var moviesQueriesSuggestionsView: MoviesQueriesListView?
    private let world: World

    init(world: World, navigator: Navigator) {
        self.world = world
        self.navigator = navigator
    }

    // MARK: Dependencies (seed 004's MoviesSceneDIContainer)

    /// The list inside seed 002's container; binding the container binds the
    /// list too (its `setupBindings()`), both to the one view model.
    func makeMoviesListScreen(actions: MoviesListViewModelActions)
        -> (screen: any Screen, content: MoviesListView)
    {
        let viewModel = MoviesListViewModel(
            searchMoviesUseCase: world.useCases.searchMovies, actions: actions, world: world)
        let content = MoviesListView(world: world)
        let view = ContainerView(content: content, world: world)
        view.bind(with: viewModel)
        return (view, content)
    }

    /// The suggestions, bound to their view; the pick reaches the movies list
    /// through a handler of this coordinator's on the same `Output`.
    func makeMoviesQueriesSuggestionsListView(
        didSelect: @escaping (MovieQuery) -> Void
    ) -> MoviesQueriesListView {
        let viewModel = MoviesQueriesListViewModel(
            fetchRecentMovieQueriesUseCase: world.useCases.fetchRecentMovieQueries, world: world)
        viewModel.output.handlers.append({ event in
            if case .didSelect(let movieQuery) = event { didSelect(movieQuery) }
        })
        let view = MoviesQueriesListView(world: world)
        view.bind(with: viewModel)
        return view
    }

    func makeMovieDetailsView(movie: Movie) -> MovieDetailsView {
        let view = MovieDetailsView(world: world)
        view.bind(with: MovieDetailsViewModel(movie: movie, world: world))
        return view
    }
}
