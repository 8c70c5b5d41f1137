import BindingKit
import Domain
import Testing

/// `OrdersList` read as a collection, and the lazy rows a view model publishes from it.
@Suite struct OrdersListCollectionTests {
    /// As a collection, the list reads the rows `elements` holds, after renames and removes too.
    @Test func readsTheRowsElementsHolds() {
        var list = OrdersListTests.loaded(10)
        list.update(row: 3) { $0.name = "Gift" }
        list.remove(row: 0)
        list.remove(row: 5)
        #expect(list.count == 8)
        #expect(Array(list) == list.elements)
        #expect(list[2].name == "Gift")
        #expect(list.map(\.id) == [1, 2, 3, 4, 5, 7, 8, 9])
    }

    /// A lazy map over the list makes a row only when it is read, however many orders there are.
    @Test func aLazyMapMakesOnlyTheRowsRead() {
        final class Counter {
            var made = 0
        }
        let counter = Counter()
        let list = OrdersListTests.loaded(100_000)
        let rows = list.lazy.map { order -> OrderRowViewModel in
            counter.made += 1
            return OrderRowViewModel(order: order)
        }
        #expect(rows.count == 100_000)
        #expect(counter.made == 0)
        #expect(rows[99_999].title == "Order #99999")
        #expect(counter.made == 1)
    }

    /// A published snapshot keeps the rows it was made from: the list's later changes do not show in it.
    @Test func aSnapshotIgnoresLaterChanges() {
        var list = OrdersListTests.loaded(3)
        let snapshot = list.lazy.map(OrderRowViewModel.init)
        list.update(row: 1) { $0.name = "Gift" }
        list.remove(row: 0)
        #expect(snapshot.map(\.title) == ["Order #0", "Order #1", "Order #2"])
        #expect(list.lazy.map(OrderRowViewModel.init).map(\.title) == ["Gift #1", "Order #2"])
    }
}
