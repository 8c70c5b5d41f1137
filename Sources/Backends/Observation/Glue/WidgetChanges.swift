import BindingKit

/// SwiftUI re-evaluates a whole `body` and then applies only what differs to
/// the screen. A render here does the same by hand: it states every widget's
/// value through `WidgetChanges`, which sets a widget only when the value is
/// new and remembers which widgets it set, for the trace.
struct WidgetChanges {
    /// The names of the widgets set, in order, each once.
    private(set) var names: [String] = []

    /// Sets `widget[keyPath:]` to `value` unless it already shows it.
    mutating func set<W: WidgetBase, Value: Equatable>(
        _ widget: W, _ keyPath: ReferenceWritableKeyPath<W, Value>, to value: Value
    ) {
        guard widget[keyPath: keyPath] != value else { return }
        widget[keyPath: keyPath] = value
        changed(widget)
    }

    /// Shows `rows` in `list`: the rows that differ when the count is the
    /// same (SwiftUI's `List` diffs by position here, the rows having no
    /// identity of their own), every row otherwise.
    ///
    /// - Complexity: O(n) in the number of rows.
    mutating func show(_ rows: [ListWidget.Row], in list: ListWidget) {
        if list.count == rows.count {
            for (index, row) in rows.enumerated() where list.row(at: index) != row {
                list.reload(row: index, with: row)
                changed(list)
            }
        } else {
            list.reload(rows)
            changed(list)
        }
    }

    /// Turns `spinner` on or off unless it already is.
    mutating func spin(_ spinner: Spinner, _ isAnimating: Bool) {
        guard spinner.isAnimating != isAnimating else { return }
        if isAnimating { spinner.startAnimating() } else { spinner.stopAnimating() }
        changed(spinner)
    }

    /// Presents `alert` (a new error is news even when its words are not).
    mutating func present(_ alert: Alert, title: String, message: String) {
        alert.present(title: title, message: message)
        changed(alert)
    }

    private mutating func changed(_ widget: WidgetBase) {
        if !names.contains(widget.name) { names.append(widget.name) }
    }
}
