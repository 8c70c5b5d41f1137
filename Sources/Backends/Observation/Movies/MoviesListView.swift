import BindingKit

/// The movies search screen's content (the `MoviesListViewController` of
/// "Clean architecture and MVVM in iOS"), rendered from what it reads of its
/// view model; its container renders the full-screen loading and the errors
/// from the same view model. Gestures call the view model's input methods
/// directly.
///
/// The layout is the common movies screen, the same in every backend
/// (BindingKit's `MoviesListOutlets`).
final class MoviesListView: IModelView, ObservingView, MoviesSuggestionsContainer {
    /// The screen's widgets, the same in every backend (BindingKit's).
    let outlets = MoviesListOutlets()
    let viewModel: MoviesListViewModel
    /// The embedded suggestions view, held like a child view controller.
    private(set) var suggestionsView: MoviesQueriesListView?
    /// The items the list shows, for the next render's diff.
    private var shownItems: [MoviesListItemViewModel] = []
    private let renders: RenderQueue

    init(viewModel: MoviesListViewModel, renders: RenderQueue) {
        self.viewModel = viewModel
        self.renders = renders
    }

    var title: Label { outlets.title }
    var widgets: [any Widget] { outlets.widgets }

    func viewDidLoad() {
        outlets.searchField.onSubmit = { [weak self] query in
            self?.endEditing()
            self?.viewModel.didSearch(query: query)
        }
        outlets.searchField.onCancel = { [weak self] in
            self?.viewModel.didCancelSearch()
            self?.endEditing()
        }
        outlets.searchField.onTextChange = { [weak self] text in self?.viewModel.query = text }
        outlets.searchField.onBeginEditing = { [weak self] in self?.viewModel.showQueriesSuggestions() }
        outlets.list.onReachEnd = { [weak self] in
            guard let self, !outlets.list.isEmpty else { return }
            viewModel.didLoadNextPage()
        }
        outlets.loadMoreButton.onTap = { [weak self] in self?.viewModel.didLoadNextPage() }
        outlets.list.onSelect = { [weak self] index in self?.viewModel.didSelectItem(at: index) }
        renders.start(self)
    }

    func render(into changes: inout WidgetChanges) {
        changes.set(outlets.title, \.text, to: viewModel.screenTitle)
        changes.set(outlets.searchField, \.placeholder, to: viewModel.searchBarPlaceholder)
        changes.set(outlets.searchField, \.text, to: viewModel.query)
        changes.show(viewModel.items, shown: &shownItems, in: outlets.list) { $0.row }
        changes.set(outlets.emptyDataLabel, \.text, to: viewModel.emptyDataTitle)
        changes.set(outlets.emptyDataLabel, \.isHidden, to: !viewModel.isEmpty)
        changes.set(outlets.pageLabel, \.text, to: viewModel.pageInfo)
        changes.set(outlets.loadMoreButton, \.isHidden, to: viewModel.isEmpty)
        changes.set(outlets.loadMoreButton, \.isEnabled, to: viewModel.canLoadNextPage)
        changes.spin(outlets.nextPageSpinner, viewModel.loading == .nextPage)
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
        viewModel.closeQueriesSuggestions()
    }
}
