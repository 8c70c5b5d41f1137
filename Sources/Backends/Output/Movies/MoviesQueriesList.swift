import BindingKit
import Domain

/// The recent-queries suggestions (seed 004's `DefaultMoviesQueryListViewModel`):
/// loads the most recent queries and reports the one the user picks.
///
/// Both go out through its one `Output`: the suggestions view listens for
/// the items, the flow coordinator appends a handler of its own for the pick
/// (seed 004's `didSelect`) — a listener that is not a view, which an
/// `Output` takes as readily as a view.
final class MoviesQueriesListViewModel: ViewModel {
    let output = Output<ViewModelEvent>()

    private(set) var items: [MoviesQueriesListItemViewModel] = [] {
        didSet { output.send(.items(items)) }
    }

    private let numberOfQueriesToShow: Int
    private let fetchRecentMovieQueriesUseCase: FetchRecentMovieQueriesUseCase

    init(
        numberOfQueriesToShow: Int = FetchRecentMovieQueriesUseCase.maxCount,
        fetchRecentMovieQueriesUseCase: FetchRecentMovieQueriesUseCase, world: World
    ) {
        self.numberOfQueriesToShow = numberOfQueriesToShow
        self.fetchRecentMovieQueriesUseCase = fetchRecentMovieQueriesUseCase
    }

    func start() {
        fetchRecentMovieQueriesUseCase.execute(maxCount: numberOfQueriesToShow) { [weak self] result in
            // As in seed 004, a failure leaves the list as it was.
            guard let self, case .success(let queries) = result else { return }
            items = queries.map { MoviesQueriesListItemViewModel(query: $0.query) }
        }
    }

    func handle(event: ViewEvent) {
        switch event {
        case .didSelect(let item):
            output.send(.didSelect(MovieQuery(query: item.query)))
        }
    }
}

extension MoviesQueriesListViewModel {
    enum ViewEvent: Equatable, CustomStringConvertible {
        case didSelect(item: MoviesQueriesListItemViewModel)

        var description: String {
            switch self {
            case .didSelect(let item): ".didSelect(item: \"\(item.query)\")"
            }
        }
    }

    enum ViewModelEvent: Equatable, CustomStringConvertible {
        case items([MoviesQueriesListItemViewModel])
        /// A query was picked: for the flow coordinator's handler; the view ignores it.
        case didSelect(MovieQuery)

        var description: String {
            switch self {
            case .items(let items): ".items(\(items.count))"
            case .didSelect(let query): ".didSelect(\"\(query.query)\")"
            }
        }
    }
}

/// The suggestions list (seed 004's `MoviesQueriesTableViewController`): a
/// child view the coordinator binds and embeds in the movies screen while the
/// search field is being edited. Its list is named "suggestions".
final class MoviesQueriesListView: AssociatedObjectsHost, View {
    let list: ListWidget
    let output = Output<MoviesQueriesListViewModel.ViewEvent>()
    let world: World
    private var items: [MoviesQueriesListItemViewModel] = []

    init(world: World) {
        self.world = world
        self.list = ListWidget(
            name: "suggestions", header: "Recent searches:", emptyText: "(none yet)", tracer: world.tracer)
        super.init()
        list.onSelect = { [weak self] index in
            guard let self, items.indices.contains(index) else { return }
            output.send(.didSelect(item: items[index]))
        }
    }

    var widgets: [any Widget] { [list] }

    func handle(event: MoviesQueriesListViewModel.ViewModelEvent) {
        switch event {
        case .items(let items):
            self.items = items
            list.reload(items.map { ListWidget.Row($0.query) })
        case .didSelect:
            break  // the coordinator's
        }
    }
}
