import BindingKit
import Domain

/// The recent-queries suggestions (the `DefaultMoviesQueryListViewModel` of
/// "Clean architecture and MVVM in iOS"): loads the most recent queries and
/// reports the one the user picks.
///
/// Two ways out: its view hears `changed`; the movies list hears the pick
/// through that article's `didSelect` closure, handed over by the flow
/// coordinator.
final class MoviesQueriesListViewModel: INotifyOnChanged {
    private(set) var items: [MoviesQueriesListItemViewModel] = []

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

    deinit { removeAssociatedObjects(self) }  // its `changed` event

    func viewDidLoad() {
        fetchRecentMovieQueriesUseCase.execute(maxCount: numberOfQueriesToShow) { [weak self] result in
            // As in the article, a failure leaves the list as it was.
            guard let self, case .success(let queries) = result else { return }
            items = queries.map { MoviesQueriesListItemViewModel(query: $0.query) }
            changed.raise()
        }
    }

    func didSelect(item: MoviesQueriesListItemViewModel) {
        didSelect(MovieQuery(query: item.query))
    }
}

/// One recent query's row, given its view model through `anyViewModel`.
final class MoviesQueriesItemCell: TableViewCell, IHaveViewModel {
    typealias ViewModel = MoviesQueriesListItemViewModel

    deinit { removeAssociatedObjects(self) }

    func viewModelChanged(_ viewModel: MoviesQueriesListItemViewModel) {
        text = viewModel.query
    }
}

/// The suggestions list (the `MoviesQueriesTableViewController` of "Clean
/// architecture and MVVM in iOS"): a child view the coordinator embeds in
/// the movies screen while the search field is being edited. Its list is
/// named "suggestions".
final class MoviesQueriesListView: IHaveViewModel {
    typealias ViewModel = MoviesQueriesListViewModel

    let list = ListWidget(name: "suggestions", header: "Recent searches:", emptyText: "(none yet)")
    private lazy var reusableCell = MoviesQueriesItemCell()

    deinit { removeAssociatedObjects(self) }

    var widgets: [any Widget] { [list] }

    func viewDidLoad() {
        list.onSelect = { [weak self] index in
            guard let viewModel = self?.viewModel, viewModel.items.indices.contains(index) else { return }
            viewModel.didSelect(item: viewModel.items[index])
        }
        viewModel?.viewDidLoad()
    }

    func viewModelChanged(_ viewModel: MoviesQueriesListViewModel) {
        let items = viewModel.items
        list.reload(count: items.count) { [weak self] index in
            self?.dequeueReusableCell().configure(with: items[index]) ?? ListWidget.Row("")
        }
    }

    private func dequeueReusableCell() -> TableViewCell { reusableCell }
}
