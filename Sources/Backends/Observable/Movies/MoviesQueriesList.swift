import BindingKit
import Domain

/// Seed 004's closure between two view models: the suggestions list calls
/// it with the picked query; the movies list's view model made it.
typealias MoviesQueryListViewModelDidSelectAction = (MovieQuery) -> Void

/// What the suggestions view calls and observes (seed 004's
/// `MoviesQueryListViewModelInput` and `…Output`).
protocol MoviesQueryListViewModel: AnyObject {
    var items: any ObservableProperty<[MoviesQueriesListItemViewModel]> { get }
    func viewDidLoad()
    func didSelect(item: MoviesQueriesListItemViewModel)
}

/// The recent-queries suggestions (seed 004's `DefaultMoviesQueryListViewModel`):
/// loads the most recent queries into `items` and hands the one the user
/// picks to its `didSelect`.
final class DefaultMoviesQueryListViewModel: MoviesQueryListViewModel {
    let items: any ObservableProperty<[MoviesQueriesListItemViewModel]>

    private let numberOfQueriesToShow: Int
    private let fetchRecentMovieQueriesUseCase: FetchRecentMovieQueriesUseCase
    private let didSelect: MoviesQueryListViewModelDidSelectAction?
    private let tracer: Tracer

    init(
        numberOfQueriesToShow: Int = FetchRecentMovieQueriesUseCase.maxCount,
        fetchRecentMovieQueriesUseCase: FetchRecentMovieQueriesUseCase,
        didSelect: MoviesQueryListViewModelDidSelectAction? = nil, form: ObservableForm, world: World
    ) {
        items = form.make([], "items", of: DefaultMoviesQueryListViewModel.self, in: world) { "\($0.count)" }
        self.numberOfQueriesToShow = numberOfQueriesToShow
        self.fetchRecentMovieQueriesUseCase = fetchRecentMovieQueriesUseCase
        self.didSelect = didSelect
        self.tracer = world.tracer
    }

    func viewDidLoad() {
        fetchRecentMovieQueriesUseCase.execute(maxCount: numberOfQueriesToShow) { [weak self] result in
            // As in seed 004, a failure leaves the list as it was.
            guard let self, case .success(let queries) = result else { return }
            items.value = queries.map { MoviesQueriesListItemViewModel(query: $0.query) }
        }
    }

    func didSelect(item: MoviesQueriesListItemViewModel) {
        tracer.hop(
            "didSelect(\"\(item.query)\")", from: Self.self, to: didSelect.map { _ in DefaultMoviesListViewModel.self })
        didSelect?(MovieQuery(query: item.query))
    }
}

/// The suggestions list (seed 004's `MoviesQueriesTableViewController`): a
/// child view the coordinator embeds in the movies screen while the search
/// field is being edited. Its list is named "suggestions".
final class MoviesQueriesListView {
    let list: ListWidget
    private let viewModel: any MoviesQueryListViewModel
    private let tracer: Tracer

    init(viewModel: any MoviesQueryListViewModel, world: World) {
        self.viewModel = viewModel
        self.tracer = world.tracer
        self.list = ListWidget(
            name: "suggestions", header: "Recent searches:", emptyText: "(none yet)", tracer: world.tracer)
    }

    var widgets: [any Widget] { [list] }

    func viewDidLoad() {
        list.onSelect = { [weak self] index in
            guard let self, viewModel.items.value.indices.contains(index) else { return }
            let item = viewModel.items.value[index]
            tracer.hop("didSelect(item:)", from: Self.self, to: type(of: viewModel))
            viewModel.didSelect(item: item)
        }
        viewModel.items.observe(on: self) { [weak self] in self?.list.reload($0.map { ListWidget.Row($0.query) }) }
        tracer.hop("viewDidLoad()", from: Self.self, to: type(of: viewModel))
        viewModel.viewDidLoad()
    }
}
