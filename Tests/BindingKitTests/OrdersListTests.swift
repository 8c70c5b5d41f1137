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

    /// Renames and removes in any order give the rows an array would, also past the point where the list compacts.
    @Test func editsAgreeWithAnArray() {
        var list = Self.loaded(6_000)
        var model = (0..<6_000).map { Order(id: $0, name: "Order") }
        var rowsPicked = SeededRows(seed: 12_345)
        for step in 0..<5_000 {
            let row = rowsPicked.next(model.count)
            if step % 3 == 0 {
                list.update(row: row) { $0.name = "Gift \(step)" }
                model[row].name = "Gift \(step)"
            } else {
                list.remove(row: row)
                model.remove(at: row)
            }
            if step % 997 == 0 { #expect(list.elements == model, "after step \(step)") }
        }
        #expect(list.count == model.count)
        #expect(list.elements == model)
        #expect((0..<model.count).allSatisfy { list[row: $0] == model[$0] })
    }

    /// Two lists given the same answered array stay independent: a change in one never shows in the other.
    @Test func listsSharingOneAnswerAreIndependent() {
        let answer = (0..<100).map { Order(id: $0, name: "Order") }
        var first = OrdersList<Order>()
        var second = OrdersList<Order>()
        first.replace(with: answer)
        second.replace(with: answer)
        first.update(row: 5) { $0.name = "Gift" }
        first.remove(row: 0)
        #expect(first[row: 4]?.name == "Gift")
        #expect(first.count == 99)
        #expect(second.elements == answer)
        #expect(answer[5].name == "Order")
    }

    /// Rows that are objects are replaced and removed in place: the list keeps no reference to the one that went.
    @Test func objectRowsThatGoAreNotKept() {
        final class Row {
            let id: Int
            init(_ id: Int) { self.id = id }
        }
        var list = OrdersList<Row>()
        var replacedRow: Row? = Row(1)
        var removedRow: Row? = Row(2)
        weak let replaced = replacedRow
        weak let removed = removedRow
        list.replace(with: [Row(0), replacedRow!, removedRow!])
        replacedRow = nil
        removedRow = nil
        list.update(row: 1) { $0 = Row(10) }
        list.remove(row: 2)
        #expect(replaced == nil)
        #expect(removed == nil)
        #expect(list.elements.map(\.id) == [0, 10])
    }

    /// An order's row shows its display name.
    @Test func rowViewModel() {
        #expect(OrderRowViewModel(order: Order(id: 7, name: "Order")).title == "Order #7")
    }
}
