/// A scrolling list of rows (UITableView): a window of `visibleRows` rows
/// that the user's swipes move, with "… N above" and "… N more" lines for the
/// rows out of sight.
///
/// Like a table view it tells its view when the last row comes into view
/// (`onReachEnd`, UIKit's `willDisplay` of the last cell): the Clean Architecture article's app asks
/// for the next page then. Unlike UIKit, only a scroll does so: a reload that
/// leaves the last row in view (a short first page) does not, since UIKit's
/// call comes in a later layout pass and would only reach a view model with
/// no more pages, or one already loading.
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
        case rows(RowStore)
        case dataSource(count: Int, row: (Int) -> Row)
    }

    /// The rows a list keeps. A list whose rows have no detail (every
    /// orders list) keeps their texts only once `compactRows()` ran: 16
    /// bytes a row instead of 32, which is most of what a lane holds with a
    /// million orders. Not at once: while `reload(_:)` runs, the caller
    /// still holds the rows it passed (and the view model the items they
    /// were made from), so that a copy then would add to the peak.
    private struct RowStore: Equatable {
        private enum Storage {
            case rows([Row])
            /// The texts of rows whose details are all empty.
            case texts([String])
        }

        private var storage: Storage

        init(_ rows: [Row] = []) {
            storage = .rows(rows)
        }

        var count: Int {
            switch storage {
            case .rows(let rows): rows.count
            case .texts(let texts): texts.count
            }
        }

        subscript(index: Int) -> Row {
            get {
                switch storage {
                case .rows(let rows): rows[index]
                case .texts(let texts): Row(texts[index])
                }
            }
            set {
                switch storage {
                case .rows(var rows):
                    storage = .texts([])
                    rows[index] = newValue
                    storage = .rows(rows)
                case .texts(var texts) where newValue.detail.isEmpty:
                    storage = .texts([])
                    texts[index] = newValue.text
                    storage = .texts(texts)
                case .texts:
                    var rows = self.rows
                    rows[index] = newValue
                    storage = .rows(rows)
                }
            }
        }

        mutating func remove(at index: Int) {
            switch storage {
            case .rows(var rows):
                storage = .texts([])
                rows.remove(at: index)
                storage = .rows(rows)
            case .texts(var texts):
                storage = .texts([])
                texts.remove(at: index)
                storage = .texts(texts)
            }
        }

        /// Keeps the texts alone when no row has a detail.
        /// - Returns: false when `stop` said so before the end: the rows
        ///   are kept as they were.
        mutating func compact(unless stop: () -> Bool) -> Bool {
            guard case .rows(let rows) = storage, let first = rows.first, first.detail.isEmpty else { return true }
            var texts: [String] = []
            texts.reserveCapacity(rows.count)
            // Asked between slices of 64k rows (a millisecond or so each).
            var start = 0
            while start < rows.count {
                if stop() { return false }
                let end = min(start + 65_536, rows.count)
                for row in rows[start..<end] {
                    guard row.detail.isEmpty else { return true }
                    texts.append(row.text)
                }
                start = end
            }
            storage = .texts(texts)
            return true
        }

        var isTexts: Bool {
            if case .texts = storage { true } else { false }
        }

        var rows: [Row] {
            switch storage {
            case .rows(let rows): rows
            case .texts(let texts): texts.map { Row($0) }
            }
        }

        func rows(_ range: Range<Int>) -> [Row] { range.map { self[$0] } }

        /// The same rows, however each store keeps them.
        static func == (lhs: RowStore, rhs: RowStore) -> Bool {
            switch (lhs.storage, rhs.storage) {
            case (.rows(let left), .rows(let right)): return left == right
            case (.texts(let left), .texts(let right)): return left == right
            case (.texts(let texts), .rows(let rows)), (.rows(let rows), .texts(let texts)):
                // A reload of a compacted list: no `Row` made for each text.
                return texts.count == rows.count && zip(texts, rows).allSatisfy { $0 == $1.text && $1.detail.isEmpty }
            }
        }
    }

    private var source = Source.rows(RowStore())
    /// Set by `reload(_:)`: `compactRows()` has work to do.
    private var compacts = false
    /// In data-source mode, the rows drawn since the last reload or scroll —
    /// the cells a table view keeps on screen — asked for on first draw (or
    /// first read).
    private var window: [Row]?
    /// The first row in view (the table's content offset, in rows).
    public private(set) var firstVisibleRow = 0
    /// Set when the user asked for more (`revealRowsAddedNext()`): the rows
    /// that a reload adds next are brought into view, so that what was asked
    /// for is seen when it arrives.
    private var revealsAppendedRows = false

    /// How many rows the list has (`numberOfRowsInSection`), in either mode.
    public var count: Int {
        switch source {
        case .rows(let rows): rows.count
        case .dataSource(let count, _): count
        }
    }

    public var isEmpty: Bool { count == 0 }

    /// Whether the list asks a data source for the rows it draws
    /// (`reload(count:row:)`) rather than keeping every row: what a
    /// million-row list costs depends on it.
    public var isDataSource: Bool {
        if case .dataSource = source { return true }
        return false
    }

    /// How many rows are drawn: at most `visibleRows`.
    public var windowCount: Int { visibleRange.count }

    /// The rows in view.
    public var visibleRange: Range<Int> { firstVisibleRow..<min(count, firstVisibleRow + Self.visibleRows) }

    /// One row. In data-source mode a row in view is asked for once per
    /// reload or scroll; a row out of view is asked for on each read.
    ///
    /// - Precondition: `index` is in `0..<count`.
    public func row(at index: Int) -> Row {
        precondition(index >= 0 && index < count, "row \(index) out of 0..<\(count)")
        switch source {
        case .rows(let rows):
            return rows[index]
        case .dataSource(_, let row):
            let range = visibleRange
            return range.contains(index) ? visibleWindow()[index - range.lowerBound] : row(index)
        }
    }

    /// Every row. In data-source mode this asks the data source for each
    /// one (O(n)): for tests and callers that really need them all; the
    /// list itself needs only `count` and `row(at:)`.
    public var rows: [Row] {
        switch source {
        case .rows(let rows): rows.rows
        case .dataSource(let count, let row):
            (0..<visibleRange.lowerBound).map(row) + visibleWindow() + (visibleRange.upperBound..<count).map(row)
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

    public init(
        name: String = "list", header: String? = nil, emptyText: String? = nil, tracer: Tracer? = World.current?.tracer
    ) {
        self.header = header
        self.emptyText = emptyText
        super.init(widgetName: name, tracer: tracer)
    }

    /// Replaces every row (`reloadData`), kept by the list.
    ///
    /// - Complexity: O(n) in the number of rows, to tell a redundant reload.
    /// After a data-source reload, whose rows out of view were never asked
    /// for, it is redundant when the rows in view and their number are the
    /// same (as `reload(count:row:)` tells).
    public func reload(_ rows: [Row]) {
        let new = RowStore(rows)
        if case .rows(let old) = source {
            didSet(old, new)
        } else {
            let shown = shownWindow()
            tracer?.widgetUpdated(
                name, redundant: shown.map { $0.count == rows.count && $0.rows == new.rows(visibleRange) } ?? false)
        }
        let old = count
        source = .rows(new)
        compacts = true
        window = nil
        keepInView(after: old)
    }

    /// `reloadData()` with a data source: the list keeps `count` and asks
    /// `row(i)` only for the rows it draws (the first `visibleRows`), on the
    /// next draw, once per reload — as a table view asks
    /// `tableView(_:cellForRowAt:)` for its visible cells only.
    ///
    /// Counted as one widget update, redundant when it changes nothing the
    /// list shows: it had drawn its rows since the last reload or scroll,
    /// and the number of rows, the rows in view and where they start are the
    /// same. Telling asks the new data source for the rows in view at once
    /// (the next draw takes them); a list not drawn since is not asked, and
    /// its reload is not counted redundant. The rows out of view are never
    /// asked for, so a change only there counts as redundant: nothing on
    /// the screen changed.
    ///
    /// - Complexity: O(1); at most `visibleRows` rows asked for, now or at the next draw.
    public func reload(count: Int, row: @escaping (Int) -> Row) {
        precondition(count >= 0, "a negative row count")
        let shown = shownWindow()
        let start = firstVisibleRow
        let old = self.count
        source = .dataSource(count: count, row: row)
        window = nil
        keepInView(after: old)
        let redundant = shown.map { $0.count == count && start == firstVisibleRow && $0.rows == visibleWindow() }
        tracer?.widgetUpdated(name, redundant: redundant ?? false)
    }

    /// What the list shows now, to tell whether a reload changes it: the
    /// number of rows and the rows in view; nil for a data source whose rows
    /// in view were not asked for since its last reload or scroll (nothing
    /// of it was drawn: a reload cannot be told redundant without asking).
    private func shownWindow() -> (count: Int, rows: [Row])? {
        switch source {
        case .rows(let rows): (rows.count, rows.rows(visibleRange))
        case .dataSource(let count, _): window.map { (count, $0) }
        }
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
        keepInView(after: count + 1)
    }

    /// `reloadRows(at:)` on a table with a data source: the data source
    /// answers `row` for row `index` from now on (its owner changed what it
    /// reads first, as a view controller sets `items[i]` before it reloads
    /// the row), and the list redraws that row only, asking no other.
    /// Out-of-range rows are ignored; a list that keeps its rows replaces
    /// the one (`reload(row:with:)`).
    ///
    /// One widget update, redundant when the list shows that row and drew
    /// it as `row` already; a row out of view has not been asked for, so a
    /// change there is not known to be redundant.
    ///
    /// - Complexity: O(1), whatever the number of rows.
    public func reload(dataSourceRow index: Int, with row: Row) {
        guard case .dataSource = source else { return reload(row: index, with: row) }
        guard index >= 0 && index < count else { return }
        let range = visibleRange
        guard range.contains(index), let shown = window?[index - range.lowerBound] else {
            tracer?.widgetUpdated(name, redundant: false)
            return
        }
        tracer?.widgetUpdated(name, redundant: shown == row)
        // In place: a copy of the window taken out and put back would copy
        // its rows at every rename (the array was shared while both held it).
        window?[index - range.lowerBound] = row
    }

    /// `deleteRows(at:)` on a table with a data source: the data source
    /// answers without row `index` already (its owner removed it first), so
    /// the list has one row fewer and asks again for the rows it draws.
    /// Out-of-range rows are ignored; a list that keeps its rows removes the
    /// one (`delete(row:)`).
    ///
    /// - Complexity: O(1), whatever the number of rows; the next draw asks
    ///   for at most `visibleRows` rows.
    public func delete(dataSourceRow index: Int) {
        guard case .dataSource(let count, let row) = source else { return delete(row: index) }
        guard index >= 0 && index < count else { return }
        tracer?.widgetUpdated(name, redundant: false)
        source = .dataSource(count: count - 1, row: row)
        keepInView(after: count)
    }

    // The user's gestures.

    public func select(_ index: Int) { gesture("select(\(index))", onSelect, index) }
    public func swipeToDelete(_ index: Int) { gesture("swipeToDelete(\(index))", onDelete, index) }
    public func edit(_ index: Int, text: String) {
        gesture("edit(\(index), \(text.quotedForTrace))", onEdit, index, text)
    }
    /// The user pulls the list down from its top: the window goes back to
    /// the first row (the refresh control sits above it), then the view hears.
    public func pullToRefresh() {
        move(to: 0, notify: false)
        gesture("pullToRefresh()", onRefresh)
    }

    /// The user swipes: the window moves `rows` rows down (up when negative),
    /// as far as there are rows. When the last row comes into view, the list
    /// calls `onReachEnd` (`willDisplay` of the last cell).
    ///
    /// - Returns: whether the window moved.
    @discardableResult
    public func scroll(by rows: Int) -> Bool {
        move(to: firstVisibleRow + rows)
    }

    /// Brings row `index` into view, moving the window as little as it can
    /// (`scrollToRow(at:at: .none)`): what the user does to reach a row
    /// before tapping it. Out-of-range rows are ignored.
    ///
    /// - Returns: whether the window moved.
    @discardableResult
    public func scrollToRow(_ index: Int) -> Bool {
        guard index >= 0 && index < count else { return false }
        if index < firstVisibleRow { return move(to: index) }
        if index >= firstVisibleRow + Self.visibleRows { return move(to: index - Self.visibleRows + 1) }
        return false
    }

    /// The user scrolls to the last row and on, asking for more: the window
    /// moves to the end and `onReachEnd` is called even if the last row was
    /// in view already; the rows the next reload adds are brought into view.
    public func scrollToEnd() {
        move(to: count, notify: false)
        revealRowsAddedNext()
        gesture("reachEnd()", onReachEnd)
    }

    /// The rows the next reload adds are brought into view, as an app does
    /// after the user asked for more (`scrollToEnd()`, a "Load more" button);
    /// a reload with fewer rows forgets it.
    public func revealRowsAddedNext() {
        revealsAppendedRows = true
    }

    /// Moves the window so that it starts at `row` (clamped); calls
    /// `onReachEnd` when that brings the last row into view. A scroll is the
    /// user's, not the view's: it is not traced as a widget update.
    @discardableResult
    private func move(to row: Int, notify: Bool = true) -> Bool {
        let target = max(0, min(row, count - Self.visibleRows))
        guard target != firstVisibleRow else { return false }
        let lastWasVisible = visibleRange.contains(count - 1)
        firstVisibleRow = target
        window = nil
        if notify, !lastWasVisible, visibleRange.contains(count - 1) { gesture("reachEnd()", onReachEnd) }
        return true
    }

    /// After the rows changed (there were `oldCount`): the window stays where
    /// it was, as a table view's offset does, within the rows there are now;
    /// after `scrollToEnd()`, rows added are brought into view.
    private func keepInView(after oldCount: Int) {
        if revealsAppendedRows, count > oldCount {
            revealsAppendedRows = false
            firstVisibleRow = oldCount
        } else if count < oldCount {
            revealsAppendedRows = false
        }
        firstVisibleRow = max(0, min(firstVisibleRow, count - Self.visibleRows))
        window = nil
    }

    /// Keeps the rows as their texts alone when none has a detail (16 bytes
    /// a row instead of 32), once after each `reload(_:)`.
    ///
    /// Not done while drawing: the shell calls it (`Device.tidy()`) when the
    /// clock has settled, so that the draw that follows a million-row
    /// reload, which a Ctrl-C may be waiting for, stays O(rows drawn). A
    /// command cut short skips it and the next one does it; until then the
    /// list keeps the rows as they were reloaded, the same rows.
    ///
    /// - Parameter stop: asked as it goes (a Ctrl-C): when it says so, the
    ///   rows stay as they were and the next call starts again.
    /// - Complexity: O(n) once after a reload; O(1) otherwise.
    public func compactRows(unless stop: () -> Bool = { false }) {
        guard compacts, case .rows(var rows) = source else { return }
        source = .rows(RowStore())  // so that `rows` is the only owner
        compacts = !rows.compact(unless: stop)
        source = .rows(rows)
    }

    /// Whether the list keeps its rows as texts alone (`compactRows()`), for tests.
    var keepsTextsOnly: Bool {
        guard case .rows(let rows) = source else { return false }
        return rows.isTexts
    }

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
        let first = firstVisibleRow
        let digits = String(count - 1).count
        var lines = first > 0 ? ["… \(first) above"] : []
        lines += shown.enumerated().map { offset, row in
            let number = String(first + offset)
            let prefix = String(repeating: " ", count: digits - number.count) + number + "  "
            return prefix + Self.layout(row, width: width - prefix.count)
        }
        let below = count - first - shown.count
        if below > 0 {
            lines.append("… \(below) more")
        }
        return lines
    }

    /// Every row, moved out of the list (so that changing them does not copy
    /// the array); the caller puts them back with `source = .rows(…)`.
    private func takeRows() -> RowStore {
        let rows: RowStore
        switch source {
        case .rows(let kept): rows = kept
        case .dataSource: rows = RowStore(self.rows)
        }
        source = .rows(RowStore())
        window = nil
        return rows
    }

    /// The rows in view, asked of the data source once per reload or scroll.
    private func visibleWindow() -> [Row] {
        switch source {
        case .rows(let rows):
            return rows.rows(visibleRange)
        case .dataSource(_, let row):
            if let window { return window }
            let rows = visibleRange.map(row)
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
