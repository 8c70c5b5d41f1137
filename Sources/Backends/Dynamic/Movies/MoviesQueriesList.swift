import BindingKit
import Domain

/// The recent-queries suggestions (seed 004's `DefaultMoviesQueryListViewModel`):
/// its items are a `Dynamic`, the pick a `Command<Int>`, as the demo's list
/// helper wants them.
final class MoviesQueriesListViewModel {
    let items = Dynamic<[MoviesQueriesListItemViewModel]>([])
    private(set) lazy var select = Command<Int> { [weak self] index, _ in self?.didSelect(at: index) }.traced(
        "select", by: Self.self, in: world)

    private let numberOfQueriesToShow: Int
    private let fetchRecentMovieQueriesUseCase: FetchRecentMovieQueriesUseCase
    private let didSelect: (MovieQuery) -> Void
    private let world: World

    init(
        numberOfQueriesToShow: Int = FetchRecentMovieQueriesUseCase.maxCount,
        fetchRecentMovieQueriesUseCase: FetchRecentMovieQueriesUseCase,
        didSelect: @escaping (MovieQuery) -> Void, world: World
    ) {
        self.numberOfQueriesToShow = numberOfQueriesToShow
        self.fetchRecentMovieQueriesUseCase = fetchRecentMovieQueriesUseCase
        self.didSelect = didSelect
        self.world = world
        items.traced("items", by: Self.self, in: world) { "\($0.count) rows" }
    }

    func viewDidLoad() {
        fetchRecentMovieQueriesUseCase.execute(maxCount: numberOfQueriesToShow) { [weak self] result in
            // As in seed 004, a failure leaves the list as it was.
            guard let self, case .success(let queries) = result else { return }
            items.value = queries.map { MoviesQueriesListItemViewModel(query: $0.query) }
        }
    }

    private func didSelect(at index: Int) {
        guard items.value.indices.contains(index) else { return }
        world.tracer.hop("didSelect(_:)", from: Self.self, to: MoviesListViewModel.self)
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

/// The suggestions list (seed 004's `MoviesQueriesTableViewController`): a
/// child view the coordinator embeds in the movies screen while the search
/// field is being edited. Its list is named "suggestions".
final class MoviesQueriesListView {
    let list: ListWidget
    private let viewModel: MoviesQueriesListViewModel
    private var tableViewHelper: SimpleTableViewHelper<MoviesQueriesItemCell, [MoviesQueriesListItemViewModel]>?
    private let world: World

    init(viewModel: MoviesQueriesListViewModel, world: World) {
        self.viewModel = viewModel
        self.world = world
        self.list = ListWidget(
            name: "suggestions", header: "Recent searches:", emptyText: "(none yet)", tracer: world.tracer)
    }

    deinit { releaseAssociations(of: [list]) }

    var widgets: [any Widget] { [list] }

    func viewDidLoad() {
        tableViewHelper = SimpleTableViewHelper(
            tableView: list, data: viewModel.items, cellType: MoviesQueriesItemCell.self, command: viewModel.select,
            world: world)
        world.tracer.hop("viewDidLoad()", from: Self.self, to: MoviesQueriesListViewModel.self)
        viewModel.viewDidLoad()
    }
}
