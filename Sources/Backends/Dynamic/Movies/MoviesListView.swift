import BindingKit

/// One film's row (the `MoviesListItemCell` of "Clean architecture and MVVM
/// in iOS", the demo's `BindableTableCell`).
final class MoviesListItemCell: BindableTableCell {
    private(set) var row = ListWidget.Row("")

    func bindViewModel(_ viewModel: MoviesListItemViewModel) {
        row = viewModel.row
    }
}

/// The movies search screen's content (the `MoviesListViewController` of
/// "Clean architecture and MVVM in iOS"), bound the way of "Bindings in
/// Swift": every output is a `Dynamic` bound to a widget with `>>>` (or `|`
/// then `>>>`), every input a `Command` a widget runs, and the search field
/// is bound both ways to the query (`<<>>>`). It binds when its view has
/// loaded, as the demo's pages do.
///
/// The widgets are BindingKit's `MoviesListOutlets`, the same in every backend.
final class MoviesListView: Page, MoviesSuggestionsContainer {
    let outlets = MoviesListOutlets()
    /// The embedded suggestions view, held like a child view controller.
    private(set) var suggestionsView: MoviesQueriesListView?
    private let viewModel: MoviesListViewModel
    private var tableViewHelper: SimpleTableViewHelper<MoviesListItemCell, [MoviesListItemViewModel]>?

    init(viewModel: MoviesListViewModel) {
        self.viewModel = viewModel
    }

    deinit { releaseAssociations(of: [title] + widgets) }

    var title: Label { outlets.title }
    var widgets: [any Widget] { outlets.widgets }

    func viewDidLoad() {
        bindViewModel()
    }

    private func bindViewModel() {
        let searchField = outlets.searchField
        outlets.title.text = viewModel.screenTitle
        searchField.placeholder = viewModel.searchBarPlaceholder
        outlets.emptyDataLabel.text = viewModel.emptyDataTitle

        viewModel.query <<>>> searchField
        viewModel.isEmpty | { !$0 } >>> outlets.emptyDataLabel.hiddenModifier
        viewModel.pageInfo >>> outlets.pageLabel
        viewModel.loading | { $0 == .nextPage } >>> outlets.nextPageSpinner
        outlets.loadMoreButton >> viewModel.loadNextPage
        viewModel.isEmpty >>> outlets.loadMoreButton.hiddenModifier
        tableViewHelper = SimpleTableViewHelper(
            tableView: outlets.list, data: viewModel.items, cellType: MoviesListItemCell.self,
            command: viewModel.selectItem)

        // The field's other events and the list's scrolling run commands
        // too; like the demo's helper, they hold them weakly.
        searchField.onSubmit = { [weak self, weak searchField, weak command = viewModel.search] _ in
            self?.endEditing()
            command?.execute(value: (), sender: searchField)
        }
        searchField.onCancel = { [weak self, weak searchField, weak command = viewModel.cancelSearch] in
            command?.execute(value: (), sender: searchField)
            self?.endEditing()
        }
        searchField.onBeginEditing = { [weak searchField, weak command = viewModel.showQueriesSuggestions] in
            command?.execute(value: (), sender: searchField)
        }
        outlets.list.onReachEnd = { [weak list = outlets.list, weak command = viewModel.loadNextPage] in
            guard let list, !list.isEmpty else { return }
            command?.execute(value: (), sender: list)
        }
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

    /// The search field lets go of the keyboard: the suggestions close.
    private func endEditing() {
        guard suggestionsView != nil else { return }
        viewModel.closeQueriesSuggestions.execute(value: (), sender: outlets.searchField)
    }
}
