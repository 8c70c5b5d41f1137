public import Domain

/// The rows of an orders list as the view models a view shows, each made
/// from its order when it is read: `orders.map(OrderRowViewModel.init)`
/// without the array (`OrdersList` is a collection; see
/// `OrdersList+Collection.swift`). Equal when their orders are: so the
/// events that carry them (event-enum's and output's `.items`) stay
/// `Equatable` as Swift makes them.
///
/// For the view models that publish their rows as one value (the Clean
/// Architecture article's `items`, the 2015 article's `Dynamic` of rows): a
/// value made of a million row view models is a million more per lane,
/// copied whole by a one-row change to an array someone else holds, and
/// moved up by a remove. This one holds an `OrdersList` — which shares the
/// orders a load answered, across lanes, and keeps a lane's renames and
/// removes beside them — and makes the row view model of a row when it is
/// asked for, as a table view asks for the cells it draws.
///
/// - Complexity: making one is O(1); holding one beside the view model's
///   own list means the view model's next change copies what the list
///   records beside the orders (the rows renamed and removed since the
///   load), never the orders.
public struct OrderRowViewModels: RandomAccessCollection, Equatable, Sendable {
    @usableFromInline let orders: OrdersList<Order>

    /// The rows of `orders`, as they are now.
    @inlinable
    public init(_ orders: OrdersList<Order> = OrdersList()) {
        self.orders = orders
    }

    @inlinable public var startIndex: Int { 0 }
    @inlinable public var endIndex: Int { orders.count }
    @inlinable public var count: Int { orders.count }

    /// The row view model of row `position`, made now.
    ///
    /// - Precondition: `position` is in `indices`, as for an array.
    /// - Complexity: O(log r), r the rows removed since the load.
    @inlinable
    public subscript(position: Int) -> OrderRowViewModel { OrderRowViewModel(order: orders[position]) }
}
