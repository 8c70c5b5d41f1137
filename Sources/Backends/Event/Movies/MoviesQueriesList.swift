import BindingKit
import Domain

/// The recent-queries suggestions (seed 004's `DefaultMoviesQueryListViewModel`):
/// loads the most recent queries and reports the one the user picks.
///
/// Two ways out: its view subscribes to `$items`; the movies list hears the
/// pick through seed 004's `didSelect` closure, handed over by the flow
/// coordinator.
final class MoviesQueriesListViewModel {
    @Observable private(set) var items: [MoviesQueriesListItemViewModel] = []

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
        traceEvents(of: self, to: world.tracer)
    }

    func viewDidLoad() {
        fetchRecentMovieQueriesUseCase.execute(maxCount: numberOfQueriesToShow) { [weak self] result in
            // As in seed 004, a failure leaves the list as it was.
            guard let self, case .success(let queries) = result else { return }
            items = queries.map { MoviesQueriesListItemViewModel(query: $0.query) }
        }
    }

    func didSelect(item: MoviesQueriesListItemViewModel) {
        tracer.hop("didSelect(_:)", from: Self.self, to: MoviesListViewModel.self)
        didSelect(MovieQuery(query: item.query))
    }
}

/// The suggestions list (seed 004's `MoviesQueriesTableViewController`): a
/// child view the coordinator embeds in the movies screen while the search
/// field is being edited. Its list is named "suggestions".
final class MoviesQueriesListView {
    let list: ListWidget
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
        viewModel.$items.subscribe(self) { this, items in
            this.list.reload(items.map { ListWidget.Row($0.query) })
        }
        list.onSelect = { [weak self] index in
            guard let self, viewModel.items.indices.contains(index) else { return }
            let item = viewModel.items[index]
            tracer.hop("didSelect(item:)", from: Self.self, to: MoviesQueriesListViewModel.self)
            viewModel.didSelect(item: item)
        }
        tracer.hop("viewDidLoad()", from: Self.self, to: MoviesQueriesListViewModel.self)
        viewModel.viewDidLoad()
    }
}
