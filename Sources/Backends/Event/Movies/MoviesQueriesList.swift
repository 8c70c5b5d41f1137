import BindingKit
import Domain

/// The recent-queries suggestions (the `DefaultMoviesQueryListViewModel` of
/// "Clean architecture and MVVM in iOS"): loads the most recent queries and
/// reports the one the user picks.
///
/// Two ways out: its view subscribes to `$items`; the movies list hears the
/// pick through that article's `didSelect` closure, handed over by the flow
/// coordinator.
final class MoviesQueriesListViewModel {
    @Observable private(set) var items: [MoviesQueriesListItemViewModel] = []

    private let numberOfQueriesToShow: Int
    private let fetchRecentMovieQueriesUseCase: FetchRecentMovieQueriesUseCase
    private let didSelect: (MovieQuery) -> Void

    init(
        numberOfQueriesToShow: Int = FetchRecentMovieQueriesUseCase.maxCount,
        fetchRecentMovieQueriesUseCase: FetchRecentMovieQueriesUseCase,
        didSelect: @escaping (MovieQuery) -> Void
    ) {
        self.numberOfQueriesToShow = numberOfQueriesToShow
        self.fetchRecentMovieQueriesUseCase = fetchRecentMovieQueriesUseCase
        self.didSelect = didSelect
    }

    func viewDidLoad() {
        fetchRecentMovieQueriesUseCase.execute(maxCount: numberOfQueriesToShow) { [weak self] result in
            // As in the article, a failure leaves the list as it was.
            guard let self, case .success(let queries) = result else { return }
            items = queries.map { MoviesQueriesListItemViewModel(query: $0.query) }
        }
    }

    func didSelect(item: MoviesQueriesListItemViewModel) {
        didSelect(MovieQuery(query: item.query))
    }
}

/// The suggestions list (the `MoviesQueriesTableViewController` of "Clean
/// architecture and MVVM in iOS"): a child view the coordinator embeds in
/// the movies screen while the search field is being edited. Its list is
/// named "suggestions".
final class MoviesQueriesListView {
    let list = ListWidget(name: "suggestions", header: "Recent searches:", emptyText: "(none yet)")
    private let viewModel: MoviesQueriesListViewModel

    init(viewModel: MoviesQueriesListViewModel) {
        self.viewModel = viewModel
    }

    var widgets: [any Widget] { [list] }

    func viewDidLoad() {
        viewModel.$items.subscribe(self) { this, items in
            this.list.reload(items.map { ListWidget.Row($0.query) })
        }
        list.onSelect = { [weak self] index in
            guard let self, viewModel.items.indices.contains(index) else { return }
            viewModel.didSelect(item: viewModel.items[index])
        }
        viewModel.viewDidLoad()
    }
}
