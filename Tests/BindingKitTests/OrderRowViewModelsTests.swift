import BindingKit
import Domain
import Testing

@Suite struct OrderRowViewModelsTests {
    /// The rows are the orders' row view models, in the list's order, as `map(OrderRowViewModel.init)` makes them.
    @Test func rowsAreTheOrdersRowViewModels() {
        var orders = OrdersListTests.loaded(4)
        orders.update(row: 1) { $0.name = "Gift" }
        orders.remove(row: 2)
        let rows = OrderRowViewModels(orders)
        #expect(rows.count == 3)
        #expect(rows.map(\.title) == orders.elements.map(OrderRowViewModel.init).map(\.title))
        #expect(rows.map(\.title) == ["Order #0", "Gift #1", "Order #3"])
        #expect(OrderRowViewModels().isEmpty)
    }

    /// Rows made from a list keep showing it as it was: the list's later changes do not reach them.
    @Test func rowsKeepTheListTheyWereMadeFrom() {
        var orders = OrdersListTests.loaded(3)
        let before = OrderRowViewModels(orders)
        orders.update(row: 0) { $0.name = "Gift" }
        orders.remove(row: 2)
        #expect(before.map(\.title) == ["Order #0", "Order #1", "Order #2"])
        #expect(OrderRowViewModels(orders).map(\.title) == ["Gift #0", "Order #1"])
    }
}
