import BindingKit
import Domain

/// Seed 004's delegate between two view models: the suggestions list tells
/// the movies list which recent query was picked. Named as in the article.
protocol MoviesQueryListViewModelDelegate: AnyObject {
    func moviesQueriesListDidSelect(movieQuery: MovieQuery)
}

/// What the suggestions view model tells its view: this backend's usual
/// one-method-per-change delegate. (Its `delegate` name is taken by the
/// article's view-model-to-view-model delegate above.)
protocol MoviesQueriesListViewModelViewDelegate: AnyObject {
    func didUpdate(items: [MoviesQueriesListItemViewModel])
}

/// The recent-queries suggestions (seed 004's `DefaultMoviesQueryListViewModel`):
/// loads the most recent queries and reports the one the user picks.
final class MoviesQueriesListViewModel {
    /// Seed 004: the movies list's view model, told which query was picked.
    weak var delegate: (any MoviesQueryListViewModelDelegate)?
    /// Seed 000: the view, told each change.
    weak var viewDelegate: (any MoviesQueriesListViewModelViewDelegate)?

    private(set) var items: [MoviesQueriesListItemViewModel] = [] {
        didSet { notify("didUpdate(items: \(items.count))") { $0.didUpdate(items: items) } }
    }

    private let numberOfQueriesToShow: Int
    private let fetchRecentMovieQueriesUseCase: FetchRecentMovieQueriesUseCase
    private let tracer: Tracer

    init(
        numberOfQueriesToShow: Int = FetchRecentMovieQueriesUseCase.maxCount,
        fetchRecentMovieQueriesUseCase: FetchRecentMovieQueriesUseCase, world: World
    ) {
        self.numberOfQueriesToShow = numberOfQueriesToShow
        self.fetchRecentMovieQueriesUseCase = fetchRecentMovieQueriesUseCase
        self.tracer = world.tracer
    }

    // MARK: Input

    func viewDidLoad() {
        fetchRecentMovieQueriesUseCase.execute(maxCount: numberOfQueriesToShow) { [weak self] result in
            // As in seed 004, a failure leaves the list as it was.
            guard let self, case .success(let queries) = result else { return }
            items = queries.map { MoviesQueriesListItemViewModel(query: $0.query) }
        }
    }

    func didSelect(item: MoviesQueriesListItemViewModel) {
        let movieQuery = MovieQuery(query: item.query)
        tracer.hop(
            "moviesQueriesListDidSelect(movieQuery:)", from: Self.self,
            to: delegate.map { type(of: $0) })
        delegate?.moviesQueriesListDidSelect(movieQuery: movieQuery)
    }

    // MARK: Delivery

    private func notify(
        _ message: String, _ send: (any MoviesQueriesListViewModelViewDelegate) -> Void
    ) {
        tracer.hop(message, from: Self.self, to: viewDelegate.map { type(of: $0) })
        viewDelegate.map(send)
    }
}

/// The suggestions list (seed 004's `MoviesQueriesTableViewController`): a
/// child view the coordinator embeds in the movies screen while the search
/// field is being edited. Its list is named "suggestions".
final class MoviesQueriesListView: MoviesQueriesListViewModelViewDelegate {
    let list: ListWidget
    private var items: [MoviesQueriesListItemViewModel] = []
    private let viewModel: MoviesQueriesListViewModel
    private let tracer: Tracer

    init(viewModel: MoviesQueriesListViewModel, world: World) {
        self.viewModel = viewModel
        self.tracer = world.tracer
        self.list = ListWidget(
            name: "suggestions", header: "Recent searches:", emptyText: "(none yet)", tracer: world.tracer)
    }

    var widgets: [any Widget] { [list] }

    func viewDidLoad() {
        viewModel.viewDelegate = self
        list.onSelect = { [weak self] index in
            guard let self, items.indices.contains(index) else { return }
            let item = items[index]
            tracer.hop("didSelect(item:)", from: Self.self, to: MoviesQueriesListViewModel.self)
            viewModel.didSelect(item: item)
        }
        tracer.hop("viewDidLoad()", from: Self.self, to: MoviesQueriesListViewModel.self)
        viewModel.viewDidLoad()
    }

    // MARK: MoviesQueriesListViewModelViewDelegate

    func didUpdate(items: [MoviesQueriesListItemViewModel]) {
        self.items = items
        list.reload(items.map { ListWidget.Row($0.query) })
    }
}
