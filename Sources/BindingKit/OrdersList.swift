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
    /// The orders, in the list's order.
    public private(set) var elements: [Element] = []

    /// No orders yet: before the first load.
    public init() {}

    /// "Orders", or "Orders (100)" once there are some.
    public var title: String { elements.isEmpty ? "Orders" : "Orders (\(elements.count))" }

    /// How many orders there are.
    public var count: Int { elements.count }

    /// The order of row `index`; nil for a row the list does not have.
    public subscript(row index: Int) -> Element? {
        elements.indices.contains(index) ? elements[index] : nil
    }

    /// The orders a load answered, in place of the ones before.
    public mutating func replace(with elements: [Element]) {
        self.elements = elements
    }

    /// Changes the order of row `index` in place (a rename).
    ///
    /// - Returns: the changed order; nil, changing nothing, for a row the
    ///   list does not have.
    /// - Complexity: O(1) when the orders are not shared.
    @discardableResult
    public mutating func update(row index: Int, _ change: (inout Element) -> Void) -> Element? {
        guard elements.indices.contains(index) else { return nil }
        change(&elements[index])
        return elements[index]
    }

    /// Removes the order of row `index` (a swipe).
    ///
    /// - Returns: whether there was such a row.
    /// - Complexity: O(n): the rows after it move up.
    @discardableResult
    public mutating func remove(row index: Int) -> Bool {
        guard elements.indices.contains(index) else { return false }
        elements.remove(at: index)
        return true
    }
}

extension OrdersList: Sendable where Element: Sendable {}
extension OrdersList: Equatable where Element: Equatable {}

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

    public init(tracer: Tracer) {
        title = Label(name: "title", tracer: tracer)
        nameField = TextField(prompt: "Name: ", name: "name", tracer: tracer)
        details = Label(name: "details", tracer: tracer)
    }

    /// The widgets under the title, top to bottom.
    public var widgets: [any Widget] { [nameField, details] }
}
