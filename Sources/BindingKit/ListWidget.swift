/// A scrolling list of rows (UITableView), showing a window of rows and a
/// "… N more" line for the rest.
public final class ListWidget: WidgetBase, Widget {
    /// One row: its text and an optional detail shown at the right edge.
    public struct Row: Equatable, Sendable {
        public var text: String
        public var detail: String

        public init(_ text: String, detail: String = "") {
            self.text = text
            self.detail = detail
        }
    }

    /// How many rows are drawn before the "… N more" line.
    public static let visibleRows = 10

    /// Where the rows come from: an array the list keeps (`reload(_:)`), or a
    /// data source it asks for the rows it draws (`reload(count:row:)`).
    private enum Source {
        case rows([Row])
        case dataSource(count: Int, row: (Int) -> Row)
    }

    private var source = Source.rows([])
    /// In data-source mode, the rows drawn since the last reload — the cells
    /// a table view keeps on screen — asked for on first draw (or first read).
    private var window: [Row]?

    /// How many rows the list has (`numberOfRowsInSection`), in either mode.
    public var count: Int {
        switch source {
        case .rows(let rows): rows.count
        case .dataSource(let count, _): count
        }
    }

    public var isEmpty: Bool { count == 0 }

    /// How many rows are drawn: at most `visibleRows`.
    public var windowCount: Int { min(count, Self.visibleRows) }

    /// One row. In data-source mode a row of the window is asked for once
    /// per reload; a row below it is asked for on each read.
    ///
    /// - Precondition: `index` is in `0..<count`.
    public func row(at index: Int) -> Row {
        precondition(index >= 0 && index < count, "row \(index) out of 0..<\(count)")
        switch source {
        case .rows(let rows):
            return rows[index]
        case .dataSource(_, let row):
            return index < Self.visibleRows ? visibleWindow()[index] : row(index)
        }
    }

    /// Every row. In data-source mode this asks the data source for each
    /// one (O(n)): for tests and callers that really need them all; the
    /// list itself needs only `count` and `row(at:)`.
    public var rows: [Row] {
        switch source {
        case .rows(let rows): rows
        case .dataSource(let count, let row): visibleWindow() + (min(count, Self.visibleRows)..<count).map(row)
        }
    }

    /// Shown instead of rows when there are none (nil: nothing).
    public var emptyText: String? {
        didSet { didSet(oldValue, emptyText) }
    }
    /// A fixed line above the rows (a table header), shown with the rows or
    /// the empty text.
    public let header: String?

    /// What the view wired to the user's gestures.
    public var onSelect: ((Int) -> Void)?
    public var onDelete: ((Int) -> Void)?
    public var onEdit: ((Int, String) -> Void)?
    public var onRefresh: (() -> Void)?
    public var onReachEnd: (() -> Void)?

    public init(name: String = "list", header: String? = nil, emptyText: String? = nil, tracer: Tracer? = nil) {
        self.header = header
        self.emptyText = emptyText
        super.init(widgetName: name, tracer: tracer)
    }

    /// Replaces every row (`reloadData`), kept by the list.
    ///
    /// - Complexity: O(n) in the number of rows, to tell a redundant reload.
    /// After a data-source reload the old rows are not asked for: the
    /// update is counted as not redundant.
    public func reload(_ rows: [Row]) {
        if case .rows(let old) = source {
            didSet(old, rows)
        } else {
            tracer?.widgetUpdated(name, redundant: false)
        }
        source = .rows(rows)
        window = nil
    }

    /// `reloadData()` with a data source: the list keeps `count` and asks
    /// `row(i)` only for the rows it draws (the first `visibleRows`), on the
    /// next draw, once per reload — as a table view asks
    /// `tableView(_:cellForRowAt:)` for its visible cells only.
    ///
    /// Counted as one widget update, never a redundant one: telling would
    /// mean asking the data source for rows, which is what this mode avoids.
    ///
    /// - Complexity: O(1); a draw after it asks for at most `visibleRows` rows.
    public func reload(count: Int, row: @escaping (Int) -> Row) {
        precondition(count >= 0, "a negative row count")
        tracer?.widgetUpdated(name, redundant: false)
        source = .dataSource(count: count, row: row)
        window = nil
    }

    /// Replaces one row (`reloadRows(at:)`); out-of-range rows are ignored.
    /// In data-source mode the list first asks for every row and keeps them.
    public func reload(row index: Int, with row: Row) {
        guard index >= 0 && index < count else { return }
        var rows = takeRows()
        didSet(rows[index], row)
        rows[index] = row
        source = .rows(rows)
    }

    /// Removes one row (`deleteRows(at:)`); out-of-range rows are ignored.
    /// In data-source mode the list first asks for every row and keeps them.
    public func delete(row index: Int) {
        guard index >= 0 && index < count else { return }
        tracer?.widgetUpdated(name, redundant: false)
        var rows = takeRows()
        rows.remove(at: index)
        source = .rows(rows)
    }

    // The user's gestures.

    public func select(_ index: Int) { onSelect?(index) }
    public func swipeToDelete(_ index: Int) { onDelete?(index) }
    public func edit(_ index: Int, text: String) { onEdit?(index, text) }
    public func pullToRefresh() { onRefresh?() }
    /// The user scrolls to the last row (`willDisplay` of the last cell).
    public func scrollToEnd() { onReachEnd?() }

    public func render(width: Int) -> [String] {
        let lines = renderRows(width: width)
        guard let header, !lines.isEmpty else { return lines }
        return [header.fitted(to: width)] + lines
    }

    private func renderRows(width: Int) -> [String] {
        let count = count
        if count == 0 {
            return emptyText.map { [$0.fitted(to: width)] } ?? []
        }
        let shown = visibleWindow()
        let digits = String(count - 1).count
        var lines = shown.enumerated().map { offset, row in
            let number = String(offset)
            let prefix = String(repeating: " ", count: digits - number.count) + number + "  "
            return prefix + Self.layout(row, width: width - prefix.count)
        }
        if count > shown.count {
            lines.append("… \(count - shown.count) more")
        }
        return lines
    }

    /// Every row, moved out of the list (so that changing them does not copy
    /// the array); the caller puts them back with `source = .rows(…)`.
    private func takeRows() -> [Row] {
        let rows = self.rows
        source = .rows([])
        window = nil
        return rows
    }

    /// The rows drawn: the first `visibleRows`, asked of the data source
    /// once per reload.
    private func visibleWindow() -> [Row] {
        switch source {
        case .rows(let rows):
            return Array(rows.prefix(Self.visibleRows))
        case .dataSource(let count, let row):
            if let window { return window }
            let rows = (0..<min(count, Self.visibleRows)).map(row)
            window = rows
            return rows
        }
    }

    private static func layout(_ row: Row, width: Int) -> String {
        guard !row.detail.isEmpty else { return row.text.fitted(to: width) }
        let detail = row.detail.fitted(to: max(0, width / 2))
        let text = row.text.fitted(to: max(0, width - detail.displayWidth - 1))
        let gap = max(1, width - text.displayWidth - detail.displayWidth)
        return text + String(repeating: " ", count: gap) + detail
    }
}
