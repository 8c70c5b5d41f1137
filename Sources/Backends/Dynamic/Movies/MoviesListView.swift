import BindingKit

/// One film's row (seed 004's `MoviesListItemCell`, the demo's `BindableTableCell`).
final class MoviesListItemCell: BindableTableCell {
    private(set) var row = ListWidget.Row("")

    func bindViewModel(_ viewModel: MoviesListItemViewModel) {
        row = ListWidget.Row(viewModel.title, detail: viewModel.year)
    }
}

/// The movies search screen's content (seed 004's `MoviesListViewController`),
/// bound the seed 003 way: every output is a `Dynamic` bound to a widget
/// with `>>>` (or `|` then `>>>`), every input a `Command` a widget runs,
/// and the search field is bound both ways to the query (`<<>>>`).
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
    private var viewModel: MoviesListViewModel?
    private var tableViewHelper: SimpleTableViewHelper<MoviesListItemCell>?
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

    deinit {
        releaseAssociations(of: [title, searchField, list, emptyDataLabel, pageLabel, nextPageSpinner])
    }

    var widgets: [any Widget] {
        [searchField, suggestionsListContainer, list, emptyDataLabel, pageLabel, nextPageSpinner]
    }

    func bindViewModel(_ viewModel: MoviesListViewModel) {
        self.viewModel = viewModel
        title.text = viewModel.screenTitle
        searchField.placeholder = viewModel.searchBarPlaceholder
        emptyDataLabel.text = viewModel.emptyDataTitle
        searchField.textDynamic.traced("text", by: searchField.name, in: world.tracer) { "\"\($0)\"" }

        viewModel.query <<>>> searchField
        viewModel.isEmpty | { !$0 } >>> emptyDataLabel.hiddenModifier
        viewModel.pageInfo >>> pageLabel
        viewModel.loading | { $0 == .nextPage } >>> nextPageSpinner
        tableViewHelper = SimpleTableViewHelper(
            tableView: list, data: viewModel.items, cellType: MoviesListItemCell.self,
            command: viewModel.selectItem, world: world)

        // The field's and the list's gestures run commands; like the
        // demo's helper, they hold them weakly.
        searchField.onSubmit = { [weak self, weak field = searchField, weak command = viewModel.search] _ in
            field?.textDidChange()
            self?.endEditing()
            command?.execute(value: (), sender: field)
        }
        searchField.onCancel = { [weak self, weak field = searchField, weak command = viewModel.cancelSearch] in
            command?.execute(value: (), sender: field)
            self?.endEditing()
        }
        searchField.onBeginEditing = { [weak field = searchField, weak command = viewModel.showQueriesSuggestions] in
            command?.execute(value: (), sender: field)
        }
        list.onReachEnd = { [weak list, weak command = viewModel.loadNextPage] in
            guard let list, !list.isEmpty else { return }
            command?.execute(value: (), sender: list)
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
        viewModel?.closeQueriesSuggestions.execute(value: (), sender: searchField)
    }
}
