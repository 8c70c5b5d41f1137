import BindingKit
import Domain

/// The recent-queries suggestions (the `DefaultMoviesQueryListViewModel` of
/// "Clean architecture and MVVM in iOS"): its items are a `Dynamic`, the pick
/// a `Command<Int>`, as the demo's list helper wants them; the movies list
/// hears the pick through that article's `didSelect` closure.
final class MoviesQueriesListViewModel {
    let items = Dynamic<[MoviesQueriesListItemViewModel]>([])
    private(set) lazy var select = Command<Int> { [weak self] index, _ in self?.didSelect(at: index) }

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
            items.value = queries.map { MoviesQueriesListItemViewModel(query: $0.query) }
        }
    }

    private func didSelect(at index: Int) {
        guard items.value.indices.contains(index) else { return }
        didSelect(MovieQuery(query: items.value[index].query))
    }
}

/// One recent query's row.
final class MoviesQueriesItemCell: BindableTableCell {
    private(set) var row = ListWidget.Row("")

    func bindViewModel(_ viewModel: MoviesQueriesListItemViewModel) {
        row = ListWidget.Row(viewModel.query)
    }
}

/// The suggestions list (the `MoviesQueriesTableViewController` of "Clean
/// architecture and MVVM in iOS"): a child view the coordinator embeds in
/// the movies screen while the search field is being edited. Its list is
/// named "suggestions".
final class MoviesQueriesListView {
    let list = ListWidget(name: "suggestions", header: "Recent searches:", emptyText: "(none yet)")
    private let viewModel: MoviesQueriesListViewModel
    private var tableViewHelper: SimpleTableViewHelper<MoviesQueriesItemCell, [MoviesQueriesListItemViewModel]>?

    init(viewModel: MoviesQueriesListViewModel) {
        self.viewModel = viewModel
    }

    deinit { releaseAssociations(of: [list]) }

    var widgets: [any Widget] { [list] }

    func viewDidLoad() {
        tableViewHelper = SimpleTableViewHelper(
            tableView: list, data: viewModel.items, cellType: MoviesQueriesItemCell.self, command: viewModel.select)
        viewModel.viewDidLoad()
    }
}
