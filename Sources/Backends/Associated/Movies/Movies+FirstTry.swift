import BindingKit
import Domain

// The movies screens of `associated-first` (see `FirstTry`).

extension FirstTry {
    /// The flow coordinator of "Clean architecture and MVVM in iOS", its
    /// `make…` methods giving each view its view model the first try's way.
    /// The rest is BindingKit's `MoviesSearchFlowCoordinating`, as in the
    /// final form.
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

        func makeMoviesListScreen(actions: MoviesListViewModelActions)
            -> (screen: any Screen, content: MoviesListView)
        {
            let viewModel = MoviesListViewModel(searchMoviesUseCase: useCases.searchMovies, actions: actions)
            let view = MoviesListView()
            let container = ContainerView(content: view)
            view.setViewModelAsAtFirst(viewModel)
            container.setViewModelAsAtFirst(viewModel)
            return (container, view)
        }

        func makeMoviesQueriesSuggestionsListView(
            didSelect: @escaping (MovieQuery) -> Void
        ) -> MoviesQueriesListView {
            let viewModel = MoviesQueriesListViewModel(
                fetchRecentMovieQueriesUseCase: useCases.fetchRecentMovieQueries, didSelect: didSelect)
            let view = MoviesQueriesListView()
            view.setViewModelAsAtFirst(viewModel)
            return view
        }

        func makeMovieDetailsView(movie: Movie) -> MovieDetailsView {
            let view = MovieDetailsView()
            view.setViewModelAsAtFirst(MovieDetailsViewModel(movie: movie))
            return view
        }
    }
}
