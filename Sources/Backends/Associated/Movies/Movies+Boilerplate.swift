import BindingKit
import Domain

// The movies screens of `associated-boilerplate` (see `Boilerplate`): the
// final form's views, each writing `anyViewModel` and `viewModel` itself.

extension Boilerplate {
    /// One film's row.
    final class MoviesListItemCell: TableViewCell, IHaveViewModel {
        typealias ViewModel = MoviesListItemViewModel

        var anyViewModel: Any? {
            didSet {
                guard let viewModel = anyViewModel as? ViewModel else { return }
                viewModelChanged(viewModel)
            }
        }

        var viewModel: ViewModel? {
            get { anyViewModel as? ViewModel }
            set { anyViewModel = newValue }
        }

        func viewModelChanged(_ viewModel: MoviesListItemViewModel) {
            text = viewModel.title
            detail = viewModel.year
        }
    }

    /// The movies search screen's content.
    final class MoviesListView: Screen, IHaveViewModel, MoviesSuggestionsContainer {
        typealias ViewModel = MoviesListViewModel

        let outlets = MoviesListOutlets()
        private(set) var suggestionsView: MoviesQueriesListView?
        private lazy var reusableCell = MoviesListItemCell()

        var anyViewModel: Any? {
            didSet {
                (oldValue as? ViewModel)?.changed.unsubscribe(self)
                guard let viewModel = anyViewModel as? ViewModel else { return }
                viewModelChanged(viewModel)
                viewModel.changed.subscribe(self) { this in
                    if let viewModel = this.viewModel { this.viewModelChanged(viewModel) }
                }
            }
        }

        var viewModel: ViewModel? {
            get { anyViewModel as? ViewModel }
            set { anyViewModel = newValue }
        }

        var title: Label { outlets.title }
        var widgets: [any Widget] { outlets.widgets }

        func viewDidLoad() {
            outlets.searchField.onSubmit = { [weak self] query in
                self?.endEditing()
                self?.viewModel?.didSearch(query: query)
            }
            outlets.searchField.onCancel = { [weak self] in
                self?.viewModel?.didCancelSearch()
                self?.endEditing()
            }
            outlets.searchField.onBeginEditing = { [weak self] in self?.viewModel?.showQueriesSuggestions() }
            outlets.list.onReachEnd = { [weak self] in
                guard let self, !outlets.list.isEmpty else { return }
                viewModel?.didLoadNextPage()
            }
            outlets.loadMoreButton.onTap = { [weak self] in self?.viewModel?.didLoadNextPage() }
            outlets.list.onSelect = { [weak self] index in self?.viewModel?.didSelectItem(at: index) }
            viewModel?.viewDidLoad()
        }

        func viewModelChanged(_ viewModel: MoviesListViewModel) {
            outlets.title.text = viewModel.screenTitle
            outlets.searchField.placeholder = viewModel.searchBarPlaceholder
            outlets.searchField.text = viewModel.query
            reloadData(viewModel.items)
            outlets.emptyDataLabel.text = viewModel.emptyDataTitle
            outlets.emptyDataLabel.isHidden = !viewModel.isEmpty
            outlets.loadMoreButton.isHidden = viewModel.isEmpty
            outlets.loadMoreButton.isEnabled = viewModel.canLoadNextPage
            outlets.pageLabel.text = viewModel.pageInfo
            outlets.showNextPageLoading(viewModel.loading)
        }

        // MARK: Child view (the coordinator embeds the suggestions here)

        func add(child: MoviesQueriesListView) {
            suggestionsView = child
            outlets.suggestionsListContainer.children = child.widgets
            child.viewDidLoad()
        }

        func removeChild() {
            outlets.suggestionsListContainer.children = []
            suggestionsView = nil
        }

        // MARK: Private

        /// `tableView.reloadData()`, as the final form's view does it.
        ///
        /// - Complexity: O(1) here; each draw after it configures at most
        ///   `ListWidget.visibleRows` rows.
        private func reloadData(_ items: [MoviesListItemViewModel]) {
            outlets.list.reload(count: items.count) { [weak self] index in
                self?.dequeueReusableCell().configure(with: items[index]) ?? ListWidget.Row("")
            }
        }

        private func dequeueReusableCell() -> TableViewCell { reusableCell }

        private func endEditing() {
            guard suggestionsView != nil else { return }
            viewModel?.closeQueriesSuggestions()
        }
    }

    /// One recent query's row.
    final class MoviesQueriesItemCell: TableViewCell, IHaveViewModel {
        typealias ViewModel = MoviesQueriesListItemViewModel

        var anyViewModel: Any? {
            didSet {
                guard let viewModel = anyViewModel as? ViewModel else { return }
                viewModelChanged(viewModel)
            }
        }

        var viewModel: ViewModel? {
            get { anyViewModel as? ViewModel }
            set { anyViewModel = newValue }
        }

        func viewModelChanged(_ viewModel: MoviesQueriesListItemViewModel) {
            text = viewModel.query
        }
    }

    /// The suggestions list.
    final class MoviesQueriesListView: IHaveViewModel {
        typealias ViewModel = MoviesQueriesListViewModel

        let list = ListWidget(name: "suggestions", header: "Recent searches:", emptyText: "(none yet)")
        private lazy var reusableCell = MoviesQueriesItemCell()

        var anyViewModel: Any? {
            didSet {
                (oldValue as? ViewModel)?.changed.unsubscribe(self)
                guard let viewModel = anyViewModel as? ViewModel else { return }
                viewModelChanged(viewModel)
                viewModel.changed.subscribe(self) { this in
                    if let viewModel = this.viewModel { this.viewModelChanged(viewModel) }
                }
            }
        }

        var viewModel: ViewModel? {
            get { anyViewModel as? ViewModel }
            set { anyViewModel = newValue }
        }

        var widgets: [any Widget] { [list] }

        func viewDidLoad() {
            list.onSelect = { [weak self] index in
                guard let viewModel = self?.viewModel, viewModel.items.indices.contains(index) else { return }
                viewModel.didSelect(item: viewModel.items[index])
            }
            viewModel?.viewDidLoad()
        }

        func viewModelChanged(_ viewModel: MoviesQueriesListViewModel) {
            let items = viewModel.items
            list.reload(count: items.count) { [weak self] index in
                self?.dequeueReusableCell().configure(with: items[index]) ?? ListWidget.Row("")
            }
        }

        private func dequeueReusableCell() -> TableViewCell { reusableCell }
    }

    /// A film's details.
    final class MovieDetailsView: Screen, IHaveViewModel {
        typealias ViewModel = MovieDetailsViewModel

        let labels = MovieDetailsLabels()

        var anyViewModel: Any? {
            didSet {
                guard let viewModel = anyViewModel as? ViewModel else { return }
                viewModelChanged(viewModel)
            }
        }

        var viewModel: ViewModel? {
            get { anyViewModel as? ViewModel }
            set { anyViewModel = newValue }
        }

        var title: Label { labels.title }
        var widgets: [any Widget] { labels.widgets }

        func viewModelChanged(_ viewModel: MovieDetailsViewModel) {
            labels.show(viewModel.lines)
        }
    }

    /// The flow coordinator of "Clean architecture and MVVM in iOS", making
    /// these views; the rest is BindingKit's `MoviesSearchFlowCoordinating`.
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
}
