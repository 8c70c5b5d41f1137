import BindingKit
import Domain

/// The recent-queries suggestions (seed 004's `DefaultMoviesQueryListViewModel`):
/// loads the most recent queries and reports the one the user picks.
///
/// Two ways out, as in seed 004: its view hears `ViewModelEvent`s through the
/// one listener slot; the movies list hears the pick through seed 004's
/// `didSelect` closure, handed over by the flow coordinator.
final class MoviesQueriesListViewModel {
    weak var listener: (any ViewModelListener<ViewModelEvent>)?

    private(set) var items: [MoviesQueriesListItemViewModel] = [] {
        didSet { send(.items(items)) }
    }

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

    func handle(event: ViewEvent) {
        switch event {
        case .viewDidLoad:
            fetchRecentMovieQueriesUseCase.execute(maxCount: numberOfQueriesToShow) { [weak self] result in
                // As in seed 004, a failure leaves the list as it was.
                guard let self, case .success(let queries) = result else { return }
                items = queries.map { MoviesQueriesListItemViewModel(query: $0.query) }
            }
        case .didSelect(let item):
            didSelect(MovieQuery(query: item.query))
        }
    }

    private func send(_ event: ViewModelEvent) {
        tracer.hop(event.description, from: Self.self, to: listener.map { type(of: $0) })
        listener?.handle(event: event)
    }
}

extension MoviesQueriesListViewModel {
    enum ViewEvent: Equatable, CustomStringConvertible {
        case viewDidLoad
        case didSelect(item: MoviesQueriesListItemViewModel)

        var description: String {
            switch self {
            case .viewDidLoad: ".viewDidLoad"
            case .didSelect(let item): ".didSelect(item: \"\(item.query)\")"
            }
        }
    }

    enum ViewModelEvent: Equatable, CustomStringConvertible {
        case items([MoviesQueriesListItemViewModel])

        var description: String {
            switch self {
            case .items(let items): ".items(\(items.count))"
            }
        }
    }
}

/// The suggestions list (seed 004's `MoviesQueriesTableViewController`): a
/// child view the coordinator embeds in the movies screen while the search
/// field is being edited. Its list is named "suggestions".
final class MoviesQueriesListView: ViewModelListener {
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
        viewModel.listener = self
        list.onSelect = { [weak self] index in
            guard let self, items.indices.contains(index) else { return }
            send(.didSelect(item: items[index]))
        }
        send(.viewDidLoad)
    }

    func handle(event: MoviesQueriesListViewModel.ViewModelEvent) {
        switch event {
        case .items(let items):
            self.items = items
            list.reload(items.map { ListWidget.Row($0.query) })
        }
    }

    private func send(_ event: MoviesQueriesListViewModel.ViewEvent) {
        tracer.hop(event.description, from: Self.self, to: MoviesQueriesListViewModel.self)
        viewModel.handle(event: event)
    }
}
