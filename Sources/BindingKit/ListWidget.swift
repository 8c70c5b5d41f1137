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

    public private(set) var rows: [Row] = []
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

    /// Replaces every row (`reloadData`).
    ///
    /// - Complexity: O(n) in the number of rows, to tell a redundant reload.
    public func reload(_ rows: [Row]) {
        didSet(self.rows, rows)
        self.rows = rows
    }

    /// Replaces one row (`reloadRows(at:)`); out-of-range rows are ignored.
    public func reload(row index: Int, with row: Row) {
        guard rows.indices.contains(index) else { return }
        didSet(rows[index], row)
        rows[index] = row
    }

    /// Removes one row (`deleteRows(at:)`); out-of-range rows are ignored.
    public func delete(row index: Int) {
        guard rows.indices.contains(index) else { return }
        tracer?.widgetUpdated(name, redundant: false)
        rows.remove(at: index)
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
        if rows.isEmpty {
            return emptyText.map { [$0.fitted(to: width)] } ?? []
        }
        let shown = rows.prefix(Self.visibleRows)
        let digits = String(rows.count - 1).count
        var lines = shown.enumerated().map { offset, row in
            let number = String(offset)
            let prefix = String(repeating: " ", count: digits - number.count) + number + "  "
            return prefix + Self.layout(row, width: width - prefix.count)
        }
        if rows.count > shown.count {
            lines.append("… \(rows.count - shown.count) more")
        }
        return lines
    }

    private static func layout(_ row: Row, width: Int) -> String {
        guard !row.detail.isEmpty else { return row.text.fitted(to: width) }
        let detail = row.detail.fitted(to: max(0, width / 2))
        let text = row.text.fitted(to: max(0, width - detail.count - 1))
        let gap = max(1, width - text.count - detail.count)
        return text + String(repeating: " ", count: gap) + detail
    }
}
