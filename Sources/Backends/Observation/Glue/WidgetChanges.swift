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

    /// Shows `elements` in `list`, one row each, against `shown` — what the
    /// view showed last, which it keeps. With as many elements as before,
    /// only the rows whose element changed are set (SwiftUI's `List` diffs
    /// by identity; these rows have none, so by position); otherwise the
    /// list reloads as a data source, asking `row` for the rows it draws.
    ///
    /// - Complexity: O(n) comparisons of elements when the count is the
    ///   same; O(1) and the drawn rows otherwise.
    mutating func show<Element: Equatable>(
        _ elements: [Element], shown: inout [Element], in list: ListWidget,
        row: @escaping (Element) -> ListWidget.Row
    ) {
        defer { shown = elements }
        guard elements.count == shown.count else {
            list.reload(count: elements.count) { row(elements[$0]) }
            changed(list)
            return
        }
        for index in elements.indices where elements[index] != shown[index] {
            list.reload(row: index, with: row(elements[index]))
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
