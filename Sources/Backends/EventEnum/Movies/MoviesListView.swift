import BindingKit

/// The movies search screen's content (seed 004's `MoviesListViewController`),
/// bound the seed 000 step 2 way: every gesture becomes a `ViewEvent` sent to
/// the view model's `handle(event:)`, every change arrives as one
/// `ViewModelEvent` in this view's `handle(event:)`. It is the view model's
/// only listener, so it passes the full-screen loading and the errors on to
/// its container.
///
/// The layout is the common movies screen, the same in every backend (see the
/// `delegate` backend's `MoviesListView`).
final class MoviesListView: Screen, ViewModelListener {
    let title: Label
    let searchField: SearchField
    /// Where the suggestions list is embedded while shown (seed 004's
    /// `suggestionsListContainer`).
    let suggestionsListContainer = Stack()
    let list: ListWidget
    let emptyDataLabel: Label
    let pageLabel: Label
    let nextPageSpinner: Spinner
    /// The container this view sits in; set by the flow coordinator.
    weak var container: (any IContainer)?
    /// The embedded suggestions view, held like a child view controller.
    private(set) var suggestionsView: MoviesQueriesListView?
    /// Whether the container was told to show its spinner: it hears only
    /// about the full-screen loading, never about the footer's.
    private var isLoadingFullScreen = false
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
        viewModel.listener = self
        searchField.onSubmit = { [weak self] query in
            self?.endEditing()
            self?.send(.didSearch(query: query))
        }
        searchField.onCancel = { [weak self] in
            self?.send(.didCancelSearch)
            self?.endEditing()
        }
        searchField.onBeginEditing = { [weak self] in self?.send(.showQueriesSuggestions) }
        list.onReachEnd = { [weak self] in
            guard let self, !list.rows.isEmpty else { return }
            send(.didLoadNextPage)
        }
        list.onSelect = { [weak self] index in self?.send(.didSelectItem(at: index)) }
        send(.viewDidLoad)
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

    // MARK: ViewModelListener

    func handle(event: MoviesListViewModel.ViewModelEvent) {
        switch event {
        case .updateTitle(let screenTitle): title.text = screenTitle
        case .updateSearchBarPlaceholder(let placeholder): searchField.placeholder = placeholder
        case .updateEmptyDataTitle(let emptyDataTitle): emptyDataLabel.text = emptyDataTitle
        case .items(let items): list.reload(items.map { ListWidget.Row($0.title, detail: $0.year) })
        case .isEmpty(let isEmpty): emptyDataLabel.isHidden = !isEmpty
        case .pageInfo(let pageInfo): pageLabel.text = pageInfo
        case .query(let query): searchField.text = query
        case .loading(let loading):
            if loading == .nextPage {
                nextPageSpinner.startAnimating()
            } else {
                nextPageSpinner.stopAnimating()
            }
            if (loading == .fullScreen) != isLoadingFullScreen {
                isLoadingFullScreen = loading == .fullScreen
                forward(.loading(isLoadingFullScreen))
            }
        case .error(let message):
            forward(.error(message))
        }
    }

    // MARK: Private

    /// The search field lets go of the keyboard: the suggestions close.
    private func endEditing() {
        guard suggestionsView != nil else { return }
        send(.closeQueriesSuggestions)
    }

    /// Tells the view model, tracing the hop.
    private func send(_ event: MoviesListViewModel.ViewEvent) {
        tracer.hop(event.description, from: Self.self, to: MoviesListViewModel.self)
        viewModel.handle(event: event)
    }

    /// Passes a container event on, tracing the extra hop.
    private func forward(_ event: ContainerEvent) {
        tracer.hop(event.description, from: Self.self, to: container.map { type(of: $0) })
        container?.handle(event: event)
    }
}
