import BindingKit
import Domain

/// The recent-queries suggestions (the Clean Architecture article's
/// `DefaultMoviesQueryListViewModel`): loads the most recent queries and
/// reports the one the user picks.
///
/// Both go out through its one `Output`: the suggestions view listens for
/// the items, the flow coordinator appends a handler of its own for the pick
/// (that article's `didSelect`) — a listener that is not a view, which an
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
        fetchRecentMovieQueriesUseCase: FetchRecentMovieQueriesUseCase
    ) {
        self.numberOfQueriesToShow = numberOfQueriesToShow
        self.fetchRecentMovieQueriesUseCase = fetchRecentMovieQueriesUseCase
    }

    func start() {
        fetchRecentMovieQueriesUseCase.execute(maxCount: numberOfQueriesToShow) { [weak self] result in
            // As in the article, a failure leaves the list as it was.
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
    enum ViewEvent: Equatable {
        case didSelect(item: MoviesQueriesListItemViewModel)
    }

    enum ViewModelEvent: Equatable {
        case items([MoviesQueriesListItemViewModel])
        /// A query was picked: for the flow coordinator's handler; the view ignores it.
        case didSelect(MovieQuery)
    }
}

/// The suggestions list (the article's `MoviesQueriesTableViewController`): a
/// child view the coordinator binds and embeds in the movies screen while the
/// search field is being edited. Its list is named "suggestions". Not final:
/// the article's steps before `AnyViewModel` keep their view model in the
/// view (`BeforeAnyViewModel`).
class MoviesQueriesListView: AssociatedObjectsHost, View {
    let list = ListWidget(name: "suggestions", header: "Recent searches:", emptyText: "(none yet)")
    let output = Output<MoviesQueriesListViewModel.ViewEvent>()
    private var items: [MoviesQueriesListItemViewModel] = []

    override init() {
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
