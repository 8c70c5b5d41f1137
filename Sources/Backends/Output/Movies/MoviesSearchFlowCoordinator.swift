import BindingKit
import Domain

/// The flow coordinator of "Clean architecture and MVVM in iOS": makes the
/// movies screens (its `make…` methods are the article's DI container, each
/// ending in the QIWI article's `view.bind(with: viewModel)`) and answers the
/// list's `MoviesListViewModelActions` by pushing details and embedding the
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
    private let useCases: UseCases

    init(useCases: UseCases, navigator: Navigator) {
        self.useCases = useCases
        self.navigator = navigator
    }

    // MARK: Dependencies (the article's MoviesSceneDIContainer)

    /// The list inside the container; binding the container binds the list
    /// too (its `setupBindings()`), both to the one view model.
    func makeMoviesListScreen(actions: MoviesListViewModelActions)
        -> (screen: any Screen, content: MoviesListView)
    {
        let viewModel = MoviesListViewModel(searchMoviesUseCase: useCases.searchMovies, actions: actions)
        let content = MoviesListView()
        let view = ContainerView(content: content)
        view.bind(with: viewModel)
        return (view, content)
    }

    /// The suggestions, bound to their view; the pick reaches the movies list
    /// through a handler of this coordinator's on the same `Output`.
    func makeMoviesQueriesSuggestionsListView(
        didSelect: @escaping (MovieQuery) -> Void
    ) -> MoviesQueriesListView {
        let viewModel = MoviesQueriesListViewModel(fetchRecentMovieQueriesUseCase: useCases.fetchRecentMovieQueries)
        viewModel.output.handlers.append({ event in
            if case .didSelect(let movieQuery) = event { didSelect(movieQuery) }
        })
        let view = MoviesQueriesListView()
        view.bind(with: viewModel)
        return view
    }

    func makeMovieDetailsView(movie: Movie) -> MovieDetailsView {
        let view = MovieDetailsView()
        view.bind(with: MovieDetailsViewModel(movie: movie))
        return view
    }
}
