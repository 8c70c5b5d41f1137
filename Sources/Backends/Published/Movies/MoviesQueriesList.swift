import BindingKit
import Domain

/// The recent-queries suggestions (the Clean Architecture article's
/// `DefaultMoviesQueryListViewModel`; its repository's SwiftUI
/// `MoviesQueryListViewModelWrapper` publishes the same `items`).
class MoviesQueriesListViewModel: ObservableObject {
    @Published var items: [MoviesQueriesListItemViewModel] = []
}

/// Loads the most recent queries and reports the one the user picks,
/// through the Clean Architecture article's `didSelect` closure.
final class MoviesQueriesListInteractor {
    private let numberOfQueriesToShow: Int
    private let fetchRecentMovieQueriesUseCase: FetchRecentMovieQueriesUseCase
    private let presenter: MoviesQueriesListPresenter
    private let didSelect: (MovieQuery) -> Void
    private var queries: [MovieQuery] = []

    init(
        numberOfQueriesToShow: Int = FetchRecentMovieQueriesUseCase.maxCount,
        fetchRecentMovieQueriesUseCase: FetchRecentMovieQueriesUseCase, presenter: MoviesQueriesListPresenter,
        didSelect: @escaping (MovieQuery) -> Void
    ) {
        self.numberOfQueriesToShow = numberOfQueriesToShow
        self.fetchRecentMovieQueriesUseCase = fetchRecentMovieQueriesUseCase
        self.presenter = presenter
        self.didSelect = didSelect
    }

    func viewWillAppear() {
        fetchRecentMovieQueriesUseCase.execute(maxCount: numberOfQueriesToShow) { [weak self] result in
            // As in the Clean Architecture article, a failure leaves the list as it was.
            guard let self, case .success(let queries) = result else { return }
            self.queries = queries
            presenter.present(queries)
        }
    }

    func didSelect(at index: Int) {
        guard queries.indices.contains(index) else { return }
        didSelect(queries[index])
    }
}

final class MoviesQueriesListPresenter {
    private let viewModel: MoviesQueriesListViewModel

    init(viewModel: MoviesQueriesListViewModel) {
        self.viewModel = viewModel
    }

    func present(_ queries: [MovieQuery]) {
        viewModel.items = queries.map { MoviesQueriesListItemViewModel(query: $0.query) }
    }
}

/// The suggestions list (the repository's SwiftUI `MoviesQueryListView`): a
/// child screen the coordinator embeds in the movies screen while the search
/// field is being edited. Its list is named "suggestions".
struct MoviesQueriesListView: View, WidgetLayout {
    @ObservedObject var model: MoviesQueriesListViewModel
    let interactor: MoviesQueriesListInteractor
    let list = ListWidget(name: "suggestions", header: "Recent searches:", emptyText: "(none yet)")

    var widgets: [any Widget] { [list] }

    var body: some View {
        List(model.items, in: list) { ListWidget.Row($0.query) }
            .onSelect { interactor.didSelect(at: $0) }
            .onAppear { interactor.viewWillAppear() }
    }
}
