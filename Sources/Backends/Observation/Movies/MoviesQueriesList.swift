import BindingKit
import Domain
import Observation

/// The recent-queries suggestions (the `DefaultMoviesQueryListViewModel` of
/// "Clean architecture and MVVM in iOS"): loads the most recent queries,
/// which its view reads, and reports the one the user picks through that
/// article's `didSelect` closure.
@Observable final class MoviesQueriesListViewModel {
    private(set) var items: [MoviesQueriesListItemViewModel] = []

    @ObservationIgnored private let numberOfQueriesToShow: Int
    @ObservationIgnored private let fetchRecentMovieQueriesUseCase: FetchRecentMovieQueriesUseCase
    @ObservationIgnored private let didSelect: (MovieQuery) -> Void

    init(
        numberOfQueriesToShow: Int = FetchRecentMovieQueriesUseCase.maxCount,
        fetchRecentMovieQueriesUseCase: FetchRecentMovieQueriesUseCase,
        didSelect: @escaping (MovieQuery) -> Void
    ) {
        self.numberOfQueriesToShow = numberOfQueriesToShow
        self.fetchRecentMovieQueriesUseCase = fetchRecentMovieQueriesUseCase
        self.didSelect = didSelect
    }

    func viewDidLoad() {
        fetchRecentMovieQueriesUseCase.execute(maxCount: numberOfQueriesToShow) { [weak self] result in
            // As in the article, a failure leaves the list as it was.
            guard let self, case .success(let queries) = result else { return }
            items = queries.map { MoviesQueriesListItemViewModel(query: $0.query) }
        }
    }

    func didSelect(item: MoviesQueriesListItemViewModel) {
        didSelect(MovieQuery(query: item.query))
    }
}

/// The suggestions list (the article's `MoviesQueriesTableViewController`):
/// a child view the coordinator embeds in the movies screen while the search
/// field is being edited, rendered from its view model's items. Its list is
/// named "suggestions".
final class MoviesQueriesListView: ObservingView {
    let list = ListWidget(name: "suggestions", header: "Recent searches:", emptyText: "(none yet)")
    private let viewModel: MoviesQueriesListViewModel
    /// The queries the list shows, for the next render's diff.
    private var shownItems: [MoviesQueriesListItemViewModel] = []
    private let renders: RenderQueue

    init(viewModel: MoviesQueriesListViewModel, renders: RenderQueue) {
        self.viewModel = viewModel
        self.renders = renders
    }

    var widgets: [any Widget] { [list] }

    /// Renders, then loads: the items arrive as a change, like any other.
    func viewDidLoad() {
        list.onSelect = { [weak self] index in
            guard let self, viewModel.items.indices.contains(index) else { return }
            viewModel.didSelect(item: viewModel.items[index])
        }
        renders.start(self)
        viewModel.viewDidLoad()
    }

    func render(into changes: inout WidgetChanges) {
        changes.show(viewModel.items, shown: &shownItems, in: list) { ListWidget.Row($0.query) }
    }
}
