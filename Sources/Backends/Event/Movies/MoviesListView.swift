import BindingKit

/// The movies search screen's content (seed 004's `MoviesListViewController`),
/// bound the seed 001 way: it calls its view model's inputs directly and
/// subscribes to the outputs it draws, one handler per property.
///
/// The layout is the common movies screen, the same in every backend (see the
/// `delegate` backend's `MoviesListView`).
final class MoviesListView: Screen {
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
    private let viewModel: MoviesListViewModel
    private let tracer: Tracer
    private let tracker: LiveObjects.Token

    init(viewModel: MoviesListViewModel, world: World) {
        self.viewModel = viewModel
        self.tracer = world.tracer
        self.title = Label(name: "title", tracer: world.tracer)
        self.searchField = SearchField(tracer: world.tracer)
        self.list = ListWidget(tracer: world.tracer)
        self.emptyDataLabel = Label(name: "empty", tracer: world.tracer)
        self.pageLabel = Label(name: "page", tracer: world.tracer)
        self.nextPageSpinner = Spinner(caption: "Loading more…", name: "more", tracer: world.tracer)
        self.tracker = world.alive.track(Self.self)
    }

    var widgets: [any Widget] {
        [searchField, suggestionsListContainer, list, emptyDataLabel, pageLabel, nextPageSpinner]
    }

    func viewDidLoad() {
        bind(to: viewModel)
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

    /// The fixed titles are read once; each output gets a handler. Nothing
    /// is delivered on subscribe, so what is shown until the first set is
    /// what the view draws itself.
    private func bind(to viewModel: MoviesListViewModel) {
        title.text = viewModel.screenTitle
        searchField.placeholder = viewModel.searchBarPlaceholder
        emptyDataLabel.text = viewModel.emptyDataTitle
        viewModel.$items.subscribe(self) { this, items in this.update(items: items) }
        viewModel.$loading.subscribe(self) { this, loading in this.update(loading: loading) }
        viewModel.$query.subscribe(self) { this, query in this.searchField.text = query }
    }

    private func update(items: [MoviesListItemViewModel]) {
        list.reload(items.map { ListWidget.Row($0.title, detail: $0.year) })
        emptyDataLabel.isHidden = !items.isEmpty
        pageLabel.text = viewModel.pageInfo
    }

    private func update(loading: MoviesListViewModelLoading?) {
        if loading == .nextPage {
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

    /// The search field lets go of the keyboard: the suggestions close.
    private func endEditing() {
        guard suggestionsView != nil else { return }
        send("closeQueriesSuggestions()") { $0.closeQueriesSuggestions() }
    }

    /// Calls the view model, tracing the hop.
    private func send(_ message: String, _ call: (MoviesListViewModel) -> Void) {
        tracer.hop(message, from: Self.self, to: MoviesListViewModel.self)
        call(viewModel)
    }
}
