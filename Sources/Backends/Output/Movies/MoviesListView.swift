import BindingKit

/// The movies search screen's content (seed 004's `MoviesListViewController`),
/// seed 000's `View` of the movies list view model: gestures out through
/// `output`, the view model's events in through `handle(event:)`, a
/// main-queue turn after they were sent. Its container is bound to the same
/// view model and shows the full-screen loading and the errors.
///
/// The layout is the common movies screen, the same in every backend (see the
/// `delegate` backend's `MoviesListView`).
final class MoviesListView: AssociatedObjectsHost, Screen, View {
    let title: Label
    let searchField: SearchField
    /// Where the suggestions list is embedded while shown (seed 004's
    /// `suggestionsListContainer`).
    let suggestionsListContainer = Stack()
    let list: ListWidget
    let emptyDataLabel: Label
    let pageLabel: Label
    let nextPageSpinner: Spinner
    let output = Output<MoviesListViewModel.ViewEvent>()
    let world: World
    /// The embedded suggestions view, held like a child view controller.
    private(set) var suggestionsView: MoviesQueriesListView?
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

    var widgets: [any Widget] {
        [searchField, suggestionsListContainer, list, emptyDataLabel, pageLabel, nextPageSpinner]
    }

    func viewDidLoad() {
        searchField.onSubmit = { [weak self] query in
            self?.endEditing()
            self?.output.send(.didSearch(query: query))
        }
        searchField.onCancel = { [weak self] in
            self?.output.send(.didCancelSearch)
            self?.endEditing()
        }
        searchField.onBeginEditing = { [weak self] in self?.output.send(.showQueriesSuggestions) }
        list.onReachEnd = { [weak self] in
            guard let self, !list.rows.isEmpty else { return }
            output.send(.didLoadNextPage)
        }
        list.onSelect = { [weak self] index in self?.output.send(.didSelectItem(at: index)) }
    }

    // MARK: Child view (the coordinator embeds the suggestions here)

    /// Shows `child` (already bound to its view model) in the suggestions container.
    func add(child: MoviesQueriesListView) {
        suggestionsView = child
        suggestionsListContainer.children = child.widgets
    }

    /// Takes the suggestions out; the child view goes with it.
    func removeChild() {
        suggestionsListContainer.children = []
        suggestionsView = nil
    }

    // MARK: View

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
        case .error:
            break  // the container's
        }
    }

    // MARK: Private

    /// The search field lets go of the keyboard: the suggestions close.
    private func endEditing() {
        guard suggestionsView != nil else { return }
        output.send(.closeQueriesSuggestions)
    }
}
