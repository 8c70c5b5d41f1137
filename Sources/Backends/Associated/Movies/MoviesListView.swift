import BindingKit

/// One film's row (seed 004's `MoviesListItemCell`), given its view model
/// through `anyViewModel` like seed 001's `OrderCell`.
final class MoviesListItemCell: TableViewCell, IHaveViewModel {
    typealias ViewModel = MoviesListItemViewModel


    init(world: World) {
    }

    deinit { removeAssociatedObjects(self) }

    func viewModelChanged(_ viewModel: MoviesListItemViewModel) {
        text = viewModel.title
        detail = viewModel.year
    }
}

/// The movies search screen's content (seed 004's `MoviesListViewController`),
/// bound the seed 001 way: it calls its view model's inputs directly, and on
/// every `changed` re-sets every widget from the view model's outputs.
///
/// The layout is the common movies screen, the same in every backend (BindingKit's
/// `MoviesListOutlets`).
final class MoviesListView: Screen, IHaveViewModel, MoviesSuggestionsContainer {
    typealias ViewModel = MoviesListViewModel

    /// The screen's widgets, the same in every backend (BindingKit's).
    let outlets: MoviesListOutlets
    /// The embedded suggestions view, held like a child view controller.
    private(set) var suggestionsView: MoviesQueriesListView?
    private lazy var reusableCell = MoviesListItemCell(world: world)
    private let world: World

    init(world: World) {
        self.world = world
        self.outlets = MoviesListOutlets(tracer: world.tracer)
    }

    deinit { removeAssociatedObjects(self) }

    var title: Label { outlets.title }
    var widgets: [any Widget] { outlets.widgets }

    func viewDidLoad() {
        outlets.searchField.onSubmit = { [weak self] query in
            self?.endEditing()
            self?.send("didSearch(query:)") { $0.didSearch(query: query) }
        }
        outlets.searchField.onCancel = { [weak self] in
            self?.send("didCancelSearch()") { $0.didCancelSearch() }
            self?.endEditing()
        }
        outlets.searchField.onBeginEditing = { [weak self] in
            self?.send("showQueriesSuggestions()") { $0.showQueriesSuggestions() }
        }
        outlets.list.onReachEnd = { [weak self] in
            guard let self, !outlets.list.isEmpty else { return }
            send("didLoadNextPage()") { $0.didLoadNextPage() }
        }
        outlets.loadMoreButton.onTap = { [weak self] in
            self?.send("didLoadNextPage()") { $0.didLoadNextPage() }
        }
        outlets.list.onSelect = { [weak self] index in
            self?.send("didSelectItem(at: \(index))") { $0.didSelectItem(at: index) }
        }
        send("viewDidLoad()") { $0.viewDidLoad() }
    }

    /// Everything again, whatever changed.
    func viewModelChanged(_ viewModel: MoviesListViewModel) {
        world.tracer.hop("viewModelChanged(_:)", from: MoviesListViewModel.self, to: Self.self)
        outlets.title.text = viewModel.screenTitle
        outlets.searchField.placeholder = viewModel.searchBarPlaceholder
        outlets.searchField.text = viewModel.query
        reloadData(viewModel.items)
        outlets.emptyDataLabel.text = viewModel.emptyDataTitle
        outlets.emptyDataLabel.isHidden = !viewModel.isEmpty
        outlets.loadMoreButton.isHidden = viewModel.isEmpty
        outlets.loadMoreButton.isEnabled = viewModel.canLoadNextPage
        outlets.pageLabel.text = viewModel.pageInfo
        outlets.showNextPageLoading(viewModel.loading)
    }

    // MARK: Child view (the coordinator embeds the suggestions here)

    /// Shows `child` in the suggestions container and loads it.
    func add(child: MoviesQueriesListView) {
        suggestionsView = child
        outlets.suggestionsListContainer.children = child.widgets
        child.viewDidLoad()
    }

    /// Takes the suggestions out; the child view goes with it.
    func removeChild() {
        outlets.suggestionsListContainer.children = []
        suggestionsView = nil
    }

    // MARK: Private

    /// `tableView.reloadData()`: the list asks for the rows it draws, each
    /// configured in the cell through its type-erased `anyViewModel`.
    ///
    /// - Complexity: O(1) here; each draw after it configures at most
    ///   `ListWidget.visibleRows` rows, one associated-object write each.
    private func reloadData(_ items: [MoviesListItemViewModel]) {
        if !items.isEmpty {
            let drawn = min(items.count, ListWidget.visibleRows)
            world.tracer.hop("anyViewModel ×\(drawn)", from: Self.self, to: MoviesListItemCell.self)
        }
        outlets.list.reload(count: items.count) { [weak self] index in
            self?.dequeueReusableCell().configure(with: items[index]) ?? ListWidget.Row("")
        }
    }

    private func dequeueReusableCell() -> TableViewCell { reusableCell }

    /// The search field lets go of the keyboard: the suggestions close.
    private func endEditing() {
        guard suggestionsView != nil else { return }
        send("closeQueriesSuggestions()") { $0.closeQueriesSuggestions() }
    }

    /// Calls the view model, tracing the hop.
    private func send(_ message: String, _ call: (MoviesListViewModel) -> Void) {
        world.tracer.hop(message, from: Self.self, to: viewModel.map { type(of: $0) })
        viewModel.map(call)
    }
}
