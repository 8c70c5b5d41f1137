import BindingKit

/// A list row's view (UITableViewCell): a data source configures one, then
/// the list draws what it shows. Cells of this backend are reused the UIKit
/// way — one cell is handed each drawn row's view model in turn — and receive
/// that view model through the type-erased `anyViewModel`, as in the article.
class TableViewCell {
    /// `textLabel?.text`.
    var text = ""
    /// `detailTextLabel?.text`.
    var detail = ""

    /// The row as configured.
    var row: ListWidget.Row { ListWidget.Row(text, detail: detail) }

    /// The body of the article's `tableView(_:cellForRowAt:)`: the cell is
    /// handed `viewModel` without its type being known, then read back.
    func configure(with viewModel: Any) -> ListWidget.Row {
        if let cell = self as? any IHaveAnyViewModel {
            cell.anyViewModel = viewModel
        }
        return row
    }
}
