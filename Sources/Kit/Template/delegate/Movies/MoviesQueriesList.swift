import BindingKit
import Domain

/// The delegate between two view models of "Clean architecture and MVVM in
/// iOS": the suggestions list tells the movies list which recent query was
/// picked. Named as in the article.
protocol MoviesQueryListViewModelDelegate: AnyObject {
    func moviesQueriesListDidSelect(movieQuery: MovieQuery)
}

/// What the suggestions view model tells its view: this backend's usual
/// one-method-per-change delegate. (Its `delegate` name is taken by the
/// article's view-model-to-view-model delegate above.)
protocol MoviesQueriesListViewModelViewDelegate: AnyObject {
    func didUpdate(items: [MoviesQueriesListItemViewModel])
}

/// The recent-queries suggestions (the article's
/// `DefaultMoviesQueryListViewModel`): loads the most recent queries and
/// reports the one the user picks.
final class MoviesQueriesListViewModel {
    /// The movies list's view model, told which query was picked.
    weak var delegate: (any MoviesQueryListViewModelDelegate)?
    /// The view, told each change.
    weak var viewDelegate: (any MoviesQueriesListViewModelViewDelegate)?

    private(set) var items: [MoviesQueriesListItemViewModel] = [] {
        didSet { viewDelegate?.didUpdate(items: items) }
    }

    private let numberOfQueriesToShow: Int
    private let fetchRecentMovieQueriesUseCase: FetchRecentMovieQueriesUseCase

    init(
        numberOfQueriesToShow: Int = FetchRecentMovieQueriesUseCase.maxCount,
        fetchRecentMovieQueriesUseCase: FetchRecentMovieQueriesUseCase
    ) {
        self.numberOfQueriesToShow = numberOfQueriesToShow
        self.fetchRecentMovieQueriesUseCase = fetchRecentMovieQueriesUseCase
    }

    // MARK: Input

    func viewDidLoad() {
        fetchRecentMovieQueriesUseCase.execute(maxCount: numberOfQueriesToShow) { [weak self] result in
            // As in the article, a failure leaves the list as it was.
            guard let self, case .success(let queries) = result else { return }
            items = queries.map { MoviesQueriesListItemViewModel(query: $0.query) }
        }
    }

    func didSelect(item: MoviesQueriesListItemViewModel) {
        delegate?.moviesQueriesListDidSelect(movieQuery: MovieQuery(query: item.query))
    }
}

/// The suggestions list (the article's `MoviesQueriesTableViewController`): a
/// child view the coordinator embeds in the movies screen while the search
/// field is being edited. Its list is named "suggestions".
final class MoviesQueriesListView: MoviesQueriesListViewModelViewDelegate {
    let list = ListWidget(name: "suggestions", header: "Recent searches:", emptyText: "(none yet)")
    private var items: [MoviesQueriesListItemViewModel] = []
    private let viewModel: MoviesQueriesListViewModel

    init(viewModel: MoviesQueriesListViewModel) {
        self.viewModel = viewModel
        viewModel.viewDelegate = self
    }

    var widgets: [any Widget] { [list] }

    func viewDidLoad() {
        list.onSelect = { [weak self] index in
            guard let self, items.indices.contains(index) else { return }
            viewModel.didSelect(item: items[index])
        }
        viewModel.viewDidLoad()
    }

    // MARK: MoviesQueriesListViewModelViewDelegate

    func didUpdate(items: [MoviesQueriesListItemViewModel]) {
        self.items = items
        list.reload(items.map { ListWidget.Row($0.query) })
    }
}
