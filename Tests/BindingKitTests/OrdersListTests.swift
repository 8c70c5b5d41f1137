import BindingKit
import Domain
import Testing

@Suite struct OrdersListTests {
    static func loaded(_ count: Int) -> OrdersList<Order> {
        var list = OrdersList<Order>()
        list.replace(with: (0..<count).map { Order(id: $0, name: "Order") })
        return list
    }

    /// The title is "Orders" while empty, then counts the orders.
    @Test func titleCountsTheOrders() {
        #expect(OrdersList<Order>().title == "Orders")
        var list = Self.loaded(3)
        #expect(list.title == "Orders (3)")
        list.remove(row: 0)
        #expect(list.title == "Orders (2)")
    }

    /// A row that exists is found; others are nil.
    @Test func rowLookup() {
        let list = Self.loaded(2)
        #expect(list[row: 1]?.id == 1)
        #expect(list[row: 2] == nil)
        #expect(list[row: -1] == nil)
    }

    /// A rename changes that row only; a missing row changes nothing.
    @Test func updateRow() {
        var list = Self.loaded(3)
        let renamed = list.update(row: 1) { $0.name = "Gift" }
        #expect(renamed?.displayName == "Gift #1")
        #expect(list.elements.map(\.name) == ["Order", "Gift", "Order"])
        let before = list
        let missing = list.update(row: 3) { $0.name = "Lost" }
        #expect(missing == nil)
        #expect(list == before)
    }

    /// Removing a row that exists says so; a missing row changes nothing.
    @Test func removeRow() {
        var list = Self.loaded(2)
        let removed = list.remove(row: 0)
        #expect(removed)
        #expect(list.elements.map(\.id) == [1])
        let missing = list.remove(row: 5)
        #expect(!missing)
        #expect(list.count == 1)
    }

    /// An order's row shows its display name.
    @Test func rowViewModel() {
        #expect(OrderRowViewModel(order: Order(id: 7, name: "Order")).title == "Order #7")
    }
}
