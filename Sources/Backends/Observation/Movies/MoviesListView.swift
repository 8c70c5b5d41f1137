import BindingKit

/// The movies search screen's content (seed 004's `MoviesListViewController`),
/// rendered from what it reads of its view model; its container renders the
/// full-screen loading and the errors from the same view model. Gestures call
/// the view model's input methods directly.
///
/// The layout is the common movies screen, the same in every backend (see the
/// `delegate` backend's `MoviesListView`).
final class MoviesListView: IModelView, ObservingView {
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
    let viewModel: MoviesListViewModel
    private let world: World
    private lazy var renderLoop = RenderLoop(view: self, model: MoviesListViewModel.self, world: world)
    private let tracker: LiveObjects.Token

    init(viewModel: MoviesListViewModel, world: World) {
        self.viewModel = viewModel
        self.world = world
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
        renderLoop.start()
    }

    func render(into changes: inout WidgetChanges) {
        changes.set(title, \.text, to: viewModel.screenTitle)
        changes.set(searchField, \.placeholder, to: viewModel.searchBarPlaceholder)
        changes.set(searchField, \.text, to: viewModel.query)
        changes.show(viewModel.items.map { ListWidget.Row($0.title, detail: $0.year) }, in: list)
        changes.set(emptyDataLabel, \.text, to: viewModel.emptyDataTitle)
        changes.set(emptyDataLabel, \.isHidden, to: !viewModel.isEmpty)
        changes.set(pageLabel, \.text, to: viewModel.pageInfo)
        changes.spin(nextPageSpinner, viewModel.loading == .nextPage)
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
        world.tracer.hop(message, from: Self.self, to: MoviesListViewModel.self)
        call(viewModel)
    }
}
