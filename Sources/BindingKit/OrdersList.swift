public import Domain

/// The orders screen's rules, the same in every backend: the title counts
/// the orders, and a row must exist to be opened, renamed or removed.
///
/// A backend's orders view model keeps its orders in one (`private var
/// orders = OrdersList<Order>()`, or of its row view models) and publishes
/// what changed in its own approach. A row that does not exist changes
/// nothing and is answered with nil or `false`, so the view model says
/// nothing either.
public struct OrdersList<Element> {
    // Orders that are values (`Order`) are kept as a load answered them,
    // never changed in place: the lanes of `--backend all` are answered the
    // same array, and each one's list keeps sharing it after its own renames
    // and removes, which it records beside it. Changing the array itself
    // would copy it whole, a million orders, on a lane's first one-row
    // change. Rows that are objects (a backend's row view models, made per
    // lane, never shared) are changed in place, so that the one replaced or
    // removed goes, as the live-object census shows.
    //
    // `@inlinable`, its state `@usableFromInline`: a backend's module then
    // calls a copy specialised for its rows, not the generic code, whose
    // dictionary and metadata look-ups cost a rename more than the rest of
    // it (Docs/performance.md, "the playground's overhead").
    @usableFromInline var answered: [Element] = []
    /// Rows changed since the load, by their index in `answered`.
    @usableFromInline var changed: [Int: Element] = [:]
    /// The rows removed since the load, by their index in `answered`.
    @usableFromInline var removed = RemovedRows()

    /// More removals than this and the list copies its rows once, so that
    /// finding a row stays a short binary search.
    @inlinable static var compactionThreshold: Int { 4096 }

    /// Whether rows are objects, changed in place (see above).
    @inlinable static var rowsAreObjects: Bool { Element.self is AnyObject.Type }

    /// No orders yet: before the first load.
    @inlinable public init() {}

    /// The orders, in the list's order.
    ///
    /// - Complexity: O(1) until a row is changed or removed (the array the
    ///   load answered, shared); after, O(n) to make a new array, in bulk
    ///   copies (a million orders: a few milliseconds).
    public var elements: [Element] {
        if changed.isEmpty && removed.isEmpty { return answered }
        var rows = answered
        for (position, element) in changed { rows[position] = element }
        guard !removed.isEmpty else { return rows }
        var kept: [Element] = []
        kept.reserveCapacity(count)
        var start = 0
        for position in removed.positions {
            kept.append(contentsOf: rows[start..<position])
            start = position + 1
        }
        kept.append(contentsOf: rows[start...])
        return kept
    }

    /// "Orders", or "Orders (100)" once there are some.
    public var title: String { count == 0 ? "Orders" : "Orders (\(count))" }

    /// How many orders there are.
    @inlinable public var count: Int { answered.count - removed.count }

    /// The order of row `index`; nil for a row the list does not have.
    ///
    /// - Complexity: O(log r), r the rows removed since the load.
    @inlinable
    public subscript(row index: Int) -> Element? {
        guard index >= 0 && index < count else { return nil }
        return element(atAnswered: removed.position(of: index))
    }

    /// The orders a load answered, in place of the ones before.
    @inlinable
    public mutating func replace(with elements: [Element]) {
        answered = elements
        changed = [:]
        removed = RemovedRows()
    }

    /// Changes the order of row `index` (a rename).
    ///
    /// - Returns: the changed order; nil, changing nothing, for a row the
    ///   list does not have.
    /// - Complexity: O(log r), whatever the number of orders.
    @inlinable @discardableResult
    public mutating func update(row index: Int, _ change: (inout Element) -> Void) -> Element? {
        guard index >= 0 && index < count else { return nil }
        let position = removed.position(of: index)
        var element = element(atAnswered: position)
        change(&element)
        if Self.rowsAreObjects {
            answered[position] = element
        } else {
            changed[position] = element
        }
        return element
    }

    /// Removes the order of row `index` (a swipe).
    ///
    /// - Returns: whether there was such a row.
    /// - Complexity: O(r), r the rows removed since the load (at most a few
    ///   thousand), whatever the number of orders; O(n) for rows that are
    ///   objects (the rows after it move up).
    @inlinable @discardableResult
    public mutating func remove(row index: Int) -> Bool {
        guard index >= 0 && index < count else { return false }
        guard !Self.rowsAreObjects else {
            answered.remove(at: index)
            return true
        }
        let position = removed.position(of: index)
        changed[position] = nil
        removed.insert(position)
        if removed.count > Self.compactionThreshold { replace(with: elements) }
        return true
    }

    @inlinable
    func element(atAnswered position: Int) -> Element { changed[position] ?? answered[position] }
}

extension OrdersList: Sendable where Element: Sendable {}
extension OrdersList: Equatable where Element: Equatable {
    /// The same orders in the same order, however each list came by them.
    public static func == (lhs: OrdersList, rhs: OrdersList) -> Bool {
        lhs.count == rhs.count && lhs.elements == rhs.elements
    }
}

/// One row of the orders list: its text ("Order #3"), so that the view
/// never sees an `Order`.
public struct OrderRowViewModel: Equatable, Sendable {
    public let title: String

    public init(order: Order) { title = order.displayName }
}

/// The widgets of an order's details screen, named as the device finds
/// them:
///
///     ┌─ Order #3 ─────────────────────────┐  "title": the order's display name
///     │ Name: Order                        │  "name": a text field bound to the order's name
///     │ Details of Order #3                │  "details"
///     └────────────────────────────────────┘
///
/// Typing into the name field renames the order, here and in the list
/// (`orders name NAME`); every backend's details view is made of these and
/// differs only in how it wires them to its view model.
public struct OrderDetailsOutlets {
    public let title: Label
    public let nameField: TextField
    public let details: Label

    public init(tracer: Tracer? = World.current?.tracer) {
        title = Label(name: "title", tracer: tracer)
        nameField = TextField(prompt: "Name: ", name: "name", tracer: tracer)
        details = Label(name: "details", tracer: tracer)
    }

    /// The widgets under the title, top to bottom.
    public var widgets: [any Widget] { [nameField, details] }
}
