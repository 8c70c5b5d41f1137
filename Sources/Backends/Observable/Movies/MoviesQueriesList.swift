import BindingKit
import Domain

/// The Clean Architecture article's closure between two view models: the
/// suggestions list calls it with the picked query; the movies list's view
/// model made it.
typealias MoviesQueryListViewModelDidSelectAction = (MovieQuery) -> Void

/// What the suggestions view calls and observes (the article's
/// `MoviesQueryListViewModelInput` and `…Output`).
protocol MoviesQueryListViewModel: AnyObject {
    var items: any ObservableProperty<[MoviesQueriesListItemViewModel]> { get }
    func viewDidLoad()
    func didSelect(item: MoviesQueriesListItemViewModel)
}

/// The recent-queries suggestions (the article's
/// `DefaultMoviesQueryListViewModel`): loads the most recent queries into
/// `items` and hands the one the user picks to its `didSelect`.
final class DefaultMoviesQueryListViewModel: MoviesQueryListViewModel {
    let items: any ObservableProperty<[MoviesQueriesListItemViewModel]>

    private let numberOfQueriesToShow: Int
    private let fetchRecentMovieQueriesUseCase: FetchRecentMovieQueriesUseCase
    private let didSelect: MoviesQueryListViewModelDidSelectAction?

    init(
        numberOfQueriesToShow: Int = FetchRecentMovieQueriesUseCase.maxCount,
        fetchRecentMovieQueriesUseCase: FetchRecentMovieQueriesUseCase,
        didSelect: MoviesQueryListViewModelDidSelectAction? = nil, form: ObservableForm
    ) {
        items = form.make([])
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

    func didSelect(item: MoviesQueriesListItemViewModel) {
        didSelect?(MovieQuery(query: item.query))
    }
}

/// The suggestions list (the article's `MoviesQueriesTableViewController`):
/// a child view the coordinator embeds in the movies screen while the search
/// field is being edited. Its list is named "suggestions".
final class MoviesQueriesListView {
    let list = ListWidget(name: "suggestions", header: "Recent searches:", emptyText: "(none yet)")
    private let viewModel: any MoviesQueryListViewModel

    init(viewModel: any MoviesQueryListViewModel) {
        self.viewModel = viewModel
    }

    var widgets: [any Widget] { [list] }

    func viewDidLoad() {
        list.onSelect = { [weak self] index in
            guard let self, viewModel.items.value.indices.contains(index) else { return }
            viewModel.didSelect(item: viewModel.items.value[index])
        }
        viewModel.items.observe(on: self) { [weak self] in self?.list.reload($0.map { ListWidget.Row($0.query) }) }
        viewModel.viewDidLoad()
    }
}
