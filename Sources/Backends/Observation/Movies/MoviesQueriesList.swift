import BindingKit
import Domain
import Observation

/// The recent-queries suggestions (seed 004's `DefaultMoviesQueryListViewModel`):
/// loads the most recent queries, which its view reads, and reports the one
/// the user picks through seed 004's `didSelect` closure.
@Observable final class MoviesQueriesListViewModel {
    private(set) var items: [MoviesQueriesListItemViewModel] = []

    @ObservationIgnored private let numberOfQueriesToShow: Int
    @ObservationIgnored private let fetchRecentMovieQueriesUseCase: FetchRecentMovieQueriesUseCase
    @ObservationIgnored private let didSelect: (MovieQuery) -> Void

    init(
        numberOfQueriesToShow: Int = FetchRecentMovieQueriesUseCase.maxCount,
        fetchRecentMovieQueriesUseCase: FetchRecentMovieQueriesUseCase,
        didSelect: @escaping (MovieQuery) -> Void, world: World
    ) {
        self.numberOfQueriesToShow = numberOfQueriesToShow
        self.fetchRecentMovieQueriesUseCase = fetchRecentMovieQueriesUseCase
        self.didSelect = didSelect
    }

    func viewDidLoad() {
        fetchRecentMovieQueriesUseCase.execute(maxCount: numberOfQueriesToShow) { [weak self] result in
            // As in seed 004, a failure leaves the list as it was.
            guard let self, case .success(let queries) = result else { return }
            items = queries.map { MoviesQueriesListItemViewModel(query: $0.query) }
        }
    }

    func didSelect(item: MoviesQueriesListItemViewModel) {
        didSelect(MovieQuery(query: item.query))
    }
}

/// The suggestions list (seed 004's `MoviesQueriesTableViewController`): a
/// child view the coordinator embeds in the movies screen while the search
/// field is being edited, rendered from its view model's items. Its list is
/// named "suggestions".
final class MoviesQueriesListView: ObservingView {
    let list: ListWidget
    private let viewModel: MoviesQueriesListViewModel
    /// The queries the list shows, for the next render's diff.
    private var shownItems: [MoviesQueriesListItemViewModel] = []
    private let world: World
    private let renders: RenderQueue
    private lazy var renderLoop = RenderLoop(
        view: self, model: MoviesQueriesListViewModel.self, world: world, queue: renders)

    init(viewModel: MoviesQueriesListViewModel, world: World, renders: RenderQueue) {
        self.renders = renders
        self.viewModel = viewModel
        self.world = world
        self.list = ListWidget(
            name: "suggestions", header: "Recent searches:", emptyText: "(none yet)", tracer: world.tracer)
    }

    var widgets: [any Widget] { [list] }

    /// Renders, then loads: the items arrive as a change, like any other.
    func viewDidLoad() {
        list.onSelect = { [weak self] index in
            guard let self, viewModel.items.indices.contains(index) else { return }
            let item = viewModel.items[index]
            world.tracer.hop("didSelect(item:)", from: Self.self, to: MoviesQueriesListViewModel.self)
            viewModel.didSelect(item: item)
        }
        renderLoop.start()
        world.tracer.hop("viewDidLoad()", from: Self.self, to: MoviesQueriesListViewModel.self)
        viewModel.viewDidLoad()
    }

    func render(into changes: inout WidgetChanges) {
        changes.show(viewModel.items, shown: &shownItems, in: list) { ListWidget.Row($0.query) }
    }
}
