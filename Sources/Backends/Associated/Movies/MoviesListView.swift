import BindingKit

/// One film's row (seed 004's `MoviesListItemCell`), given its view model
/// through `anyViewModel` like seed 001's `OrderCell`.
final class MoviesListItemCell: TableViewCell, IHaveViewModel {
    typealias ViewModel = MoviesListItemViewModel

    private let tracker: LiveObjects.Token

    init(world: World) {
        self.tracker = world.alive.track(Self.self)
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
/// The layout is the common movies screen, the same in every backend (see the
/// `delegate` backend's `MoviesListView`).
final class MoviesListView: Screen, IHaveViewModel {
    typealias ViewModel = MoviesListViewModel

    let title: Label
    let searchField: SearchField
    /// Where the suggestions list is embedded while shown (seed 004's
    /// `suggestionsListContainer`).
    let suggestionsListContainer = Stack()
    let list: ListWidget
    let emptyDataLabel: Label
    let pageLabel: Label
    let nextPageSpinner: Spinner
    /// The embedded suggestions view, held like a child view controller.
    private(set) var suggestionsView: MoviesQueriesListView?
    private lazy var reusableCell = MoviesListItemCell(world: world)
    private let world: World
    private let tracker: LiveObjects.Token

    init(world: World) {
        self.world = world
        self.title = Label(name: "title", tracer: world.tracer)
        self.searchField = SearchField(tracer: world.tracer)
        self.list = ListWidget(tracer: world.tracer)
        self.emptyDataLabel = Label(name: "empty", tracer: world.tracer)
        self.pageLabel = Label(name: "page", tracer: world.tracer)
        self.nextPageSpinner = Spinner(caption: "Loading more…", name: "more", tracer: world.tracer)
        self.tracker = world.alive.track(Self.self)
    }

    deinit { removeAssociatedObjects(self) }

    var widgets: [any Widget] {
        [searchField, suggestionsListContainer, list, emptyDataLabel, pageLabel, nextPageSpinner]
    }

    func viewDidLoad() {
        searchField.onSubmit = { [weak self] query in
            self?.endEditing()
            self?.send("didSearch(query:)") { $0.didSearch(query: query) }
        }
        searchField.onCancel = { [weak self] in
            self?.send("didCancelSearch()") { $0.didCancelSearch() }
            self?.endEditing()
        }
        searchField.onBeginEditing = { [weak self] in
            self?.send("showQueriesSuggestions()") { $0.showQueriesSuggestions() }
        }
        list.onReachEnd = { [weak self] in
            guard let self, !list.isEmpty else { return }
            send("didLoadNextPage()") { $0.didLoadNextPage() }
        }
        list.onSelect = { [weak self] index in
            self?.send("didSelectItem(at: \(index))") { $0.didSelectItem(at: index) }
        }
        send("viewDidLoad()") { $0.viewDidLoad() }
    }

    /// Everything again, whatever changed.
    func viewModelChanged(_ viewModel: MoviesListViewModel) {
        world.tracer.hop("viewModelChanged(_:)", from: MoviesListViewModel.self, to: Self.self)
        title.text = viewModel.screenTitle
        searchField.placeholder = viewModel.searchBarPlaceholder
        searchField.text = viewModel.query
        reloadData(viewModel.items)
        emptyDataLabel.text = viewModel.emptyDataTitle
        emptyDataLabel.isHidden = !viewModel.isEmpty
        pageLabel.text = viewModel.pageInfo
        if viewModel.loading == .nextPage {
            nextPageSpinner.startAnimating()
        } else {
            nextPageSpinner.stopAnimating()
        }
    }

    // MARK: Child view (the coordinator embeds the suggestions here)

    /// Shows `child` in the suggestions container and loads it.
    func add(child: MoviesQueriesListView) {
        suggestionsView = child
        suggestionsListContainer.children = child.widgets
        child.viewDidLoad()
    }

    /// Takes the suggestions out; the child view goes with it.
    func removeChild() {
        suggestionsListContainer.children = []
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
        list.reload(count: items.count) { [weak self] index in
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
