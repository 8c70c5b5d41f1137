import BindingKit

/// The movies search screen's content (seed 004's `MoviesListViewController`),
/// bound the seed 000 way: it calls its view model's inputs directly and
/// implements one delegate method per output. It holds its view model
/// strongly; the view model knows it only as a weak delegate.
///
/// The common movies screen, which every backend reproduces, top to bottom:
/// the container's spinner and alert around this view's widgets. Widget names
/// in quotes; the device finds the lists by them.
///
///     ┌─ Movies ───────────────────────────┐  navigation title "Movies"
///     │ ⟳ Loading…                         │  container spinner, while loading == .fullScreen
///     │ ⌕ star wars                        │  "search": the query; placeholder "Search Movies"
///     │ 0  star wars                       │  "suggestions": recent queries, only while shown
///     │  0  Star Wars                 1977 │  "list": text = title, detail = year or "TBA"
///     │ Search results                     │  "empty": only while there are no items
///     │ Page 1 of 3                        │  "page": only while there are items
///     │ ⟳ Loading more…                    │  "more": footer spinner, while loading == .nextPage
///     │ ⚠ Error                            │  container alert after a failed load: "No internet
///     │ No internet connection        [OK] │  connection" (offline) or "Failed loading movies"
///     └────────────────────────────────────┘
///
/// The user's gestures: submitting a search closes the suggestions and
/// searches; cancelling calls the load off and closes the suggestions; tapping
/// the field shows the suggestions; scrolling to the end of a non-empty list
/// asks for the next page (an empty list has no last row to scroll to);
/// selecting a row opens the film's details; picking a recent query closes
/// the suggestions and searches it.
final class MoviesListView: Screen, MoviesListViewModelDelegate {
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
        viewModel.delegate = self
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
            guard let self, !list.rows.isEmpty else { return }
            send("didLoadNextPage()") { $0.didLoadNextPage() }
        }
        list.onSelect = { [weak self] index in
            self?.send("didSelectItem(at: \(index))") { $0.didSelectItem(at: index) }
        }
        send("viewDidLoad()") { $0.viewDidLoad() }
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

    // MARK: MoviesListViewModelDelegate

    func didUpdate(screenTitle: String) { title.text = screenTitle }
    func didUpdate(searchBarPlaceholder: String) { searchField.placeholder = searchBarPlaceholder }
    func didUpdate(emptyDataTitle: String) { emptyDataLabel.text = emptyDataTitle }

    func didUpdate(items: [MoviesListItemViewModel]) {
        list.reload(items.map { ListWidget.Row($0.title, detail: $0.year) })
    }

    func didUpdate(isEmpty: Bool) { emptyDataLabel.isHidden = !isEmpty }
    func didUpdate(pageInfo: String) { pageLabel.text = pageInfo }

    func didUpdate(loading: MoviesListViewModelLoading?) {
        if loading == .nextPage {
            nextPageSpinner.startAnimating()
        } else {
            nextPageSpinner.stopAnimating()
        }
    }

    func didUpdate(query: String) { searchField.text = query }

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
