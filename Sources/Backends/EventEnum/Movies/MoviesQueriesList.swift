import BindingKit
import Domain

/// The recent-queries suggestions (the Clean Architecture article's
/// `DefaultMoviesQueryListViewModel`): loads the most recent queries and
/// reports the one the user picks.
///
/// Two ways out, as in that article: its view hears `ViewModelEvent`s
/// through the one listener slot; the movies list hears the pick through the
/// article's `didSelect` closure, handed over by the flow coordinator.
final class MoviesQueriesListViewModel {
    weak var listener: (any ViewModelListener<ViewModelEvent>)?

    private(set) var items: [MoviesQueriesListItemViewModel] = [] {
        didSet { listener?.handle(event: .items(items)) }
    }

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

    func handle(event: ViewEvent) {
        switch event {
        case .viewDidLoad:
            fetchRecentMovieQueriesUseCase.execute(maxCount: numberOfQueriesToShow) { [weak self] result in
                // As in the article, a failure leaves the list as it was.
                guard let self, case .success(let queries) = result else { return }
                items = queries.map { MoviesQueriesListItemViewModel(query: $0.query) }
            }
        case .didSelect(let item):
            didSelect(MovieQuery(query: item.query))
        }
    }
}

extension MoviesQueriesListViewModel {
    enum ViewEvent: Equatable {
        case viewDidLoad
        case didSelect(item: MoviesQueriesListItemViewModel)
    }

    enum ViewModelEvent: Equatable {
        case items([MoviesQueriesListItemViewModel])
    }
}

/// The suggestions list (the article's `MoviesQueriesTableViewController`): a
/// child view the coordinator embeds in the movies screen while the search
/// field is being edited. Its list is named "suggestions".
final class MoviesQueriesListView: ViewModelListener {
    let list = ListWidget(name: "suggestions", header: "Recent searches:", emptyText: "(none yet)")
    private var items: [MoviesQueriesListItemViewModel] = []
    private let viewModel: MoviesQueriesListViewModel

    init(viewModel: MoviesQueriesListViewModel) {
        self.viewModel = viewModel
        viewModel.listener = self
    }

    var widgets: [any Widget] { [list] }

    func viewDidLoad() {
        list.onSelect = { [weak self] index in
            guard let self, items.indices.contains(index) else { return }
            viewModel.handle(event: .didSelect(item: items[index]))
        }
        viewModel.handle(event: .viewDidLoad)
    }

    func handle(event: MoviesQueriesListViewModel.ViewModelEvent) {
        switch event {
        case .items(let items):
            self.items = items
            list.reload(items.map { ListWidget.Row($0.query) })
        }
    }
}
