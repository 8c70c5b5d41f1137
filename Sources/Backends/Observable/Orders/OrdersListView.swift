import BindingKit

/// The orders list: a title and a list, observing its view model's `title`
/// and `items` (the container observes the rest).
final class OrdersListView: Screen {
    let title = Label("Orders", name: "title")
    let list = ListWidget()
    private let viewModel: any OrdersListViewModelInput & OrdersListViewModelOutput

    init(viewModel: any OrdersListViewModelInput & OrdersListViewModelOutput) {
        self.viewModel = viewModel
    }

    var widgets: [any Widget] { [list] }

    /// The article's order: the behaviours, `bind(to:)`, then the view
    /// model's `viewDidLoad()`.
    func viewDidLoad() {
        list.onRefresh = { [weak self] in self?.viewModel.didRefresh() }
        list.onSelect = { [weak self] index in self?.viewModel.didSelectItem(at: index) }
        list.onEdit = { [weak self] index, name in self?.viewModel.didRenameItem(at: index, to: name) }
        list.onDelete = { [weak self] index in self?.viewModel.didRemoveItem(at: index) }
        bind(to: viewModel)
        viewModel.viewDidLoad()
    }

    /// Each block captures `[weak self]` and reaches the view model only
    /// through `self`, as the article says.
    func bind(to viewModel: any OrdersListViewModelOutput) {
        viewModel.title.observe(on: self) { [weak self] in self?.title.text = $0 }
        viewModel.items.observe(on: self) { [weak self] in self?.updateItems($0) }
    }

    /// `tableView.reloadData()`: the list becomes a data source that makes
    /// the rows it draws from the items (`cellForRowAt`), not an array of
    /// every row.
    ///
    /// The repository's data source reads `viewModel.items.value[indexPath.row]`
    /// when the table asks; this one reads the items it was handed, which
    /// costs nothing (`OrderRowViewModels` shares the orders) and keeps the
    /// list showing what was delivered: the main-queue form delivers a turn
    /// after the set, and `:step` draws in between.
    ///
    /// - Complexity: O(1); a draw makes at most `ListWidget.visibleRows` rows.
    private func updateItems(_ items: OrderRowViewModels) {
        list.reload(count: items.count) { ListWidget.Row(items[$0].title) }
    }
}
