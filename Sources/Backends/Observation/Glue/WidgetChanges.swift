import BindingKit

/// SwiftUI re-evaluates a whole `body` and then applies only what differs to
/// the screen. A render here does the same by hand: it states every widget's
/// value through `WidgetChanges`, which sets a widget only when the value is
/// new and remembers which widgets it set.
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

    /// Shows `orders` in `list`, one row each, against what the view showed
    /// last (`shown`, which it keeps and which the list's data source reads
    /// when it draws), looking only at what the list draws — as SwiftUI's
    /// lazy `List` evaluates the rows on screen only. With as many orders as
    /// before and the rows in view unchanged, nothing is set: the rows out
    /// of view are made from the new orders when they come into view.
    /// Otherwise the list reloads as a data source (one widget update).
    ///
    /// The `[Element]` form above compares every row: with a million orders,
    /// over 100 ms a rename, and a new array of them (`elements`) to compare.
    ///
    /// - Complexity: O(v log r), v the rows in view (at most
    ///   `ListWidget.visibleRows`), r the rows removed since the load —
    ///   whatever the number of orders.
    mutating func show<Element: Equatable>(
        _ orders: OrdersList<Element>, shown: ShownOrders<Element>, in list: ListWidget,
        row: @escaping (Element) -> ListWidget.Row
    ) {
        let before = shown.orders
        shown.orders = orders
        let unchanged =
            orders.count == before.count && list.visibleRange.allSatisfy { orders[row: $0] == before[row: $0] }
        guard !unchanged else { return }
        list.reload(count: orders.count) { [shown] in shown.orders[row: $0].map(row) ?? ListWidget.Row("") }
        changed(list)
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

/// What a view last showed of an `OrdersList`, for the next render's
/// `show(_:shown:in:row:)`: kept by the view and read by its list's data
/// source. A copy of the view model's list shares its orders; the view
/// model's next change copies only what the list records beside them.
final class ShownOrders<Element> {
    fileprivate(set) var orders = OrdersList<Element>()
}
