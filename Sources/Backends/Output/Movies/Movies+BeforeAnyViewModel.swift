import BindingKit
import Domain

// The movies screens at the article's steps before `AnyViewModel`: the flow
// coordinator binds each view as its step does, and each view keeps its
// view model itself (see `BeforeAnyViewModel`).

extension BeforeAnyViewModel {
    /// The suggestions, keeping a concrete reference to their view model.
    final class MoviesQueriesListView: FinalMoviesQueriesListView {
        var concreteViewModel: MoviesQueriesListViewModel?
    }

    /// A film's details, keeping a concrete reference to their view model.
    final class MovieDetailsView: FinalMovieDetailsView {
        var concreteViewModel: MovieDetailsViewModel?
    }

    /// The flow coordinator of "Clean architecture and MVVM in iOS", its
    /// `make…` methods binding as the step does: the two appends written
    /// out, or `bind(unerased:)`. The rest is BindingKit's
    /// `MoviesSearchFlowCoordinating`, as in the final form.
    final class MoviesSearchFlowCoordinator: MoviesSearchFlowCoordinating {
        typealias DidSelect = (MovieQuery) -> Void

        weak var navigator: Navigator?
        weak var moviesListView: MoviesListView?
        weak var moviesQueriesSuggestionsView: FinalMoviesQueriesListView?
        private let useCases: UseCases
        private let step: Step

        init(useCases: UseCases, navigator: Navigator, step: Step) {
            self.useCases = useCases
            self.navigator = navigator
            self.step = step
        }

        // MARK: Dependencies (the article's MoviesSceneDIContainer)

        /// The list inside the container, both bound to the one view model,
        /// which the container keeps.
        func makeMoviesListScreen(actions: MoviesListViewModelActions)
            -> (screen: any Screen, content: MoviesListView)
        {
            let viewModel = MoviesListViewModel(searchMoviesUseCase: useCases.searchMovies, actions: actions)
            let content = MoviesListView()
            let view = ContainerView(content: content, viewModel: viewModel)
            switch step {
            case .manual:
                viewModel.output.handlers.append({ [weak view] event in
                    DispatchQueue.main.async {
                        view?.handle(event: event)
                    }
                })
                view.output.handlers.append({ [weak viewModel] event in
                    viewModel?.handle(event: event)
                })
                viewModel.output.handlers.append({ [weak content] event in
                    DispatchQueue.main.async {
                        content?.handle(event: event)
                    }
                })
                content.output.handlers.append({ [weak viewModel] event in
                    viewModel?.handle(event: event)
                })
                viewModel.start()
            case .unerasedBind:
                view.bind(unerased: viewModel)
            }
            return (view, content)
        }

        /// The suggestions, bound to their view; the pick reaches the movies
        /// list through a handler of this coordinator's on the same `Output`.
        func makeMoviesQueriesSuggestionsListView(
            didSelect: @escaping (MovieQuery) -> Void
        ) -> FinalMoviesQueriesListView {
            let viewModel = MoviesQueriesListViewModel(
                fetchRecentMovieQueriesUseCase: useCases.fetchRecentMovieQueries)
            viewModel.output.handlers.append({ event in
                if case .didSelect(let movieQuery) = event { didSelect(movieQuery) }
            })
            let view = MoviesQueriesListView()
            view.concreteViewModel = viewModel
            switch step {
            case .manual:
                viewModel.output.handlers.append({ [weak view] event in
                    DispatchQueue.main.async {
                        view?.handle(event: event)
                    }
                })
                view.output.handlers.append({ [weak viewModel] event in
                    viewModel?.handle(event: event)
                })
                viewModel.start()
            case .unerasedBind:
                view.bind(unerased: viewModel)
            }
            return view
        }

        func makeMovieDetailsView(movie: Movie) -> FinalMovieDetailsView {
            let viewModel = MovieDetailsViewModel(movie: movie)
            let view = MovieDetailsView()
            view.concreteViewModel = viewModel
            switch step {
            case .manual:
                // One append: the details have nothing to say back (their
                // `ViewEvent` has no case), so no handler goes the other way.
                viewModel.output.handlers.append({ [weak view] event in
                    DispatchQueue.main.async {
                        view?.handle(event: event)
                    }
                })
                viewModel.start()
            case .unerasedBind:
                view.bind(unerased: viewModel)
            }
            return view
        }
    }
}
