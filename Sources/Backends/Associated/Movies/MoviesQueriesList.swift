import BindingKit
import Domain

/// The recent-queries suggestions (seed 004's `DefaultMoviesQueryListViewModel`):
/// loads the most recent queries and reports the one the user picks.
///
/// Two ways out: its view hears `changed`; the movies list hears the pick
/// through seed 004's `didSelect` closure, handed over by the flow coordinator.
final class MoviesQueriesListViewModel: INotifyOnChanged {
    private(set) var items: [MoviesQueriesListItemViewModel] = []

    private let numberOfQueriesToShow: Int
    private let fetchRecentMovieQueriesUseCase: FetchRecentMovieQueriesUseCase
    private let didSelect: (MovieQuery) -> Void
    private let tracer: Tracer

    init(
        numberOfQueriesToShow: Int = FetchRecentMovieQueriesUseCase.maxCount,
        fetchRecentMovieQueriesUseCase: FetchRecentMovieQueriesUseCase,
        didSelect: @escaping (MovieQuery) -> Void, world: World
    ) {
        self.numberOfQueriesToShow = numberOfQueriesToShow
        self.fetchRecentMovieQueriesUseCase = fetchRecentMovieQueriesUseCase
        self.didSelect = didSelect
        self.tracer = world.tracer
    }

    deinit { removeAssociatedObjects(self) }  // its `changed` event

    func viewDidLoad() {
        fetchRecentMovieQueriesUseCase.execute(maxCount: numberOfQueriesToShow) { [weak self] result in
            // As in seed 004, a failure leaves the list as it was.
            guard let self, case .success(let queries) = result else { return }
            items = queries.map { MoviesQueriesListItemViewModel(query: $0.query) }
            raiseChanged(tracer: tracer)
        }
    }

    func didSelect(item: MoviesQueriesListItemViewModel) {
        tracer.hop("didSelect(_:)", from: Self.self, to: MoviesListViewModel.self)
        didSelect(MovieQuery(query: item.query))
    }
}

/// One recent query's row, given its view model through `anyViewModel`.
final class MoviesQueriesItemCell: TableViewCell, IHaveViewModel {
    typealias ViewModel = MoviesQueriesListItemViewModel


    init(world: World) {
    }

    deinit { removeAssociatedObjects(self) }

    func viewModelChanged(_ viewModel: MoviesQueriesListItemViewModel) {
        text = viewModel.query
    }
}

/// The suggestions list (seed 004's `MoviesQueriesTableViewController`): a
/// child view the coordinator embeds in the movies screen while the search
/// field is being edited. Its list is named "suggestions".
final class MoviesQueriesListView: IHaveViewModel {
    typealias ViewModel = MoviesQueriesListViewModel

    let list: ListWidget
    private lazy var reusableCell = MoviesQueriesItemCell(world: world)
    private let world: World

    init(world: World) {
        self.world = world
        self.list = ListWidget(
            name: "suggestions", header: "Recent searches:", emptyText: "(none yet)", tracer: world.tracer)
    }

    deinit { removeAssociatedObjects(self) }

    var widgets: [any Widget] { [list] }

    func viewDidLoad() {
        list.onSelect = { [weak self] index in
            guard let self, let viewModel, viewModel.items.indices.contains(index) else { return }
            let item = viewModel.items[index]
            world.tracer.hop("didSelect(item:)", from: Self.self, to: MoviesQueriesListViewModel.self)
            viewModel.didSelect(item: item)
        }
        world.tracer.hop("viewDidLoad()", from: Self.self, to: viewModel.map { type(of: $0) })
        viewModel?.viewDidLoad()
    }

    func viewModelChanged(_ viewModel: MoviesQueriesListViewModel) {
        world.tracer.hop("viewModelChanged(_:)", from: MoviesQueriesListViewModel.self, to: Self.self)
        let items = viewModel.items
        if !items.isEmpty {
            let drawn = min(items.count, ListWidget.visibleRows)
            world.tracer.hop("anyViewModel ×\(drawn)", from: Self.self, to: MoviesQueriesItemCell.self)
        }
        list.reload(count: items.count) { [weak self] index in
            self?.dequeueReusableCell().configure(with: items[index]) ?? ListWidget.Row("")
        }
    }

    private func dequeueReusableCell() -> TableViewCell { reusableCell }
}
