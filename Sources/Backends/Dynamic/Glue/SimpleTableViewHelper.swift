import BindingKit

/// A list row's view (the demo's `BindableTableCell`): given one view model,
/// it says how the row looks.
protocol BindableTableCell: AnyObject {
    associatedtype ViewModel
    init()
    func bindViewModel(_ viewModel: ViewModel)
    /// The row as bound.
    var row: ListWidget.Row { get }
}

/// The demo's `SimpleTableViewHelper`: the data source and delegate of a list,
/// over a `Dynamic` array of view models and a `Command<Int>` for the row the
/// user selects.
///
/// The demo's `data` is a `Dynamic<[ViewModel]>`; here it is a `Dynamic` of
/// any random-access collection of them (`Data`): an array, as the movies
/// screens bind, or the orders' rows made when read
/// (`OrdersList.lazy.map(OrderRowViewModel.init)`), so that a list of a
/// million orders makes a view model for the ten rows it draws, not for every
/// order on every change. The helper reads it as the demo reads its array:
/// `count` and `data[index]`.
///
/// As in the demo, the list, the data and the command are held weakly (the
/// view model owns the data and the command, the view owns the list and this
/// helper), and the helper listens with `>>`: no call now, a reload on every
/// later change, hopped to the main queue (the demo's `Async.main`,
/// `DispatchQueue.main` here), so the rows arrive a turn after the change.
/// The list's first layout asks for the rows there are, as a table view asks
/// its data source on screen.
final class SimpleTableViewHelper<Cell: BindableTableCell, Data: RandomAccessCollection>
where Data.Element == Cell.ViewModel, Data.Index == Int {
    private weak var tableView: ListWidget?
    private weak var data: Dynamic<Data>?
    private weak var command: Command<Int>?
    /// The one cell every drawn row is bound in, in turn (dequeued for reuse).
    private let reusableCell = Cell()

    init(tableView: ListWidget, data: Dynamic<Data>, cellType: Cell.Type, command: Command<Int>? = nil) {
        self.tableView = tableView
        self.data = data
        self.command = command
        tableView.onSelect = { [weak self] index in self?.didSelectRow(at: index) }
        data >> { [weak self] _ in
            if self?.tableView != nil { DispatchQueue.main.async { [weak self] in self?.reloadData() } }
        }
        reloadData()
    }

    /// `tableView.reloadData()`: the list keeps the count and asks for the
    /// rows it draws (`cellForRowAt`), each bound in the reusable cell.
    ///
    /// - Complexity: O(1) here; a draw after it binds at most
    ///   `ListWidget.visibleRows` rows.
    private func reloadData() {
        let items = data?.value
        tableView?.reload(count: items?.count ?? 0) { [weak self] index in
            guard let cell = self?.reusableCell, let items else { return ListWidget.Row("") }
            cell.bindViewModel(items[items.startIndex + index])
            return cell.row
        }
    }

    /// `tableView(_:didSelectRowAt:)`.
    private func didSelectRow(at index: Int) {
        command?.execute(value: index, sender: tableView)
    }
}
