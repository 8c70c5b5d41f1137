import BindingKit
import Domain
import Playground
import Testing

/// The orders screen (seeds 000-002) as the user sees it, on every backend.
@Suite struct OrdersScreenTests {
    /// Opening the list shows the spinner at once and the article's 100 orders a second later.
    @Test(arguments: notifyingBackends)
    func loadShowsSpinnerThenOrders(backend: any BindingBackend) throws {
        let app = TestApp(backend: backend)
        try app.perform(.orders(.load))
        #expect(app.title == "Orders")
        #expect(app.lines == ["⟳ Loading…"])
        #expect(app.rows() == [])

        app.wait(TestApp.latency - 1)
        #expect(app.lines == ["⟳ Loading…"])
        app.wait(1)
        #expect(app.title == "Orders (100)")
        #expect(app.rows()?.count == 100)
        #expect(app.rows()?.first == "Order #0")
        #expect(app.rows()?.last == "Order #99")
        #expect(
            app.screen == [
                "┌─ Orders (100) ─────────────────────┐",
                "│  0  Order #0                       │",
                "│  1  Order #1                       │",
                "│  2  Order #2                       │",
                "│  3  Order #3                       │",
                "│  4  Order #4                       │",
                "│  5  Order #5                       │",
                "│  6  Order #6                       │",
                "│  7  Order #7                       │",
                "│  8  Order #8                       │",
                "│  9  Order #9                       │",
                "│ … 90 more                          │",
                "└────────────────────────────────────┘",
            ])
    }

    /// Selecting an order opens its details; back returns to the list as it was.
    @Test(arguments: notifyingBackends)
    func selectShowsDetailsAndBackReturns(backend: any BindingBackend) throws {
        let app = TestApp(backend: backend)
        try app.perform(.orders(.load))
        app.drain()
        try app.perform(.orders(.select(row: 3)))
        app.drain()
        #expect(app.title == "Order #3")
        #expect(app.lines == ["Name: Order", "Details of Order #3"])

        try app.perform(.back)
        #expect(app.title == "Orders (100)")
        #expect(app.rows()?.count == 100)
        #expect(throws: ActionError.self) { try app.perform(.back) }
    }

    /// Renaming an order changes its row only.
    @Test(arguments: notifyingBackends)
    func renameChangesOneRow(backend: any BindingBackend) throws {
        let app = TestApp(backend: backend)
        try app.perform(.orders(.load))
        app.drain()
        try app.perform(.orders(.rename(row: 2, name: "Gift")))
        app.drain()
        let rows = try #require(app.rows())
        #expect(rows[1...3] == ["Order #1", "Gift #2", "Order #3"])
        #expect(rows.count == 100)
        try app.perform(.orders(.select(row: 2)))
        app.drain()
        #expect(app.lines == ["Name: Gift", "Details of Gift #2"])
    }

    /// Typing a name on the details screen renames the order there and in the list, seen after back.
    @Test(arguments: notifyingBackends)
    func nameFieldRenamesTheOrder(backend: any BindingBackend) throws {
        let app = TestApp(backend: backend)
        try app.perform(.orders(.load))
        app.drain()
        #expect(throws: ActionError.self) { try app.perform(.orders(.name("Gift"))) }
        try app.perform(.orders(.select(row: 4)))
        app.drain()
        try app.perform(.orders(.name("Gift")))
        app.drain()
        #expect(app.title == "Gift #4")
        #expect(app.lines == ["Name: Gift", "Details of Gift #4"])
        try app.perform(.back)
        app.drain()
        let rows = try #require(app.rows())
        #expect(rows[3...5] == ["Order #3", "Gift #4", "Order #5"])
        #expect(app.title == "Orders (100)")
    }

    /// Removing an order drops its row and updates the count in the title.
    @Test(arguments: notifyingBackends)
    func removeDropsTheRow(backend: any BindingBackend) throws {
        let app = TestApp(backend: backend)
        try app.perform(.orders(.load))
        app.drain()
        try app.perform(.orders(.remove(row: 0)))
        app.drain()
        #expect(app.rows()?.count == 99)
        #expect(app.rows()?.first == "Order #1")
        #expect(app.title == "Orders (99)")
        #expect(throws: ActionError.self) { try app.perform(.orders(.remove(row: 99))) }
    }

    /// Rows changed while out of view are drawn changed when they come back into view, and a change in view is drawn at once.
    @Test(arguments: notifyingBackends)
    func rowsChangedOutOfViewShowWhenScrolledBack(backend: any BindingBackend) throws {
        let app = TestApp(backend: backend)
        try app.perform(.orders(.load))
        app.drain()
        try app.perform(.orders(.rename(row: 50, name: "Gift")))  // scrolls to it first
        try app.perform(.orders(.remove(row: 45)))
        app.drain()
        let list = try #require(app.device.visibleScreen?.widget(ListWidget.self, named: "list"))
        list.scroll(by: -100)
        try app.perform(.orders(.rename(row: 2, name: "Box")))
        app.drain()
        #expect(app.lines[2] == " 2  Box #2")
        list.scrollToRow(49)
        #expect(app.lines.contains("… 40 above"))
        #expect(app.lines.contains("49  Gift #50"))
        var expected = (0..<100).map { "Order #\($0)" }
        expected[2] = "Box #2"
        expected[50] = "Gift #50"
        expected.remove(at: 45)
        #expect(app.rows() == expected)
        #expect(app.title == "Orders (99)")
    }

    /// A load, a rename and a remove leave the list a data source that was asked for the rows it drew only: no backend keeps a row per order.
    @Test(arguments: notifyingBackends)
    func oneRowChangesKeepTheListADataSource(backend: any BindingBackend) throws {
        let app = TestApp(backend: backend)
        app.orders.count = 5000
        try app.perform(.orders(.load))
        app.drain()
        let list = try #require(app.device.visibleScreen?.widget(ListWidget.self, named: "list"))
        #expect(list.isDataSource)
        try app.perform(.orders(.rename(row: 3, name: "Gift")))
        try app.perform(.orders(.remove(row: 0)))
        app.drain()
        #expect(list.isDataSource)
        #expect(list.count == 4999)
        #expect(app.lines.contains { $0.hasSuffix(" 2  Gift #3") })
        #expect(app.lines.contains("… 4989 more"))
        #expect(app.title == "Orders (4999)")
    }

    /// A failed load shows the container's alert and no rows; loading again recovers.
    @Test(arguments: notifyingBackends)
    func failedLoadShowsTheAlert(backend: any BindingBackend) throws {
        let app = TestApp(backend: backend)
        app.orders.failures = [.notConnected]
        try app.perform(.orders(.load))
        app.drain()
        let alert = try #require(app.alert)
        #expect(alert.title == "Error")
        #expect(alert.message == "No internet connection")
        #expect(app.rows() == [])
        #expect(!app.lines.contains("⟳ Loading…"))

        try app.perform(.orders(.load))
        #expect(app.alert == nil)
        app.drain()
        #expect(app.rows()?.count == 100)
    }

    /// Once the views are released and the queue drained, nothing the screen made is left alive.
    @Test(arguments: notifyingBackends)
    func releasingTheViewsFreesEverything(backend: any BindingBackend) throws {
        let app = TestApp(backend: backend)
        try app.perform(.orders(.load))
        app.drain()
        try app.perform(.orders(.select(row: 3)))
        try app.perform(.back)
        try app.perform(.orders(.select(row: 4)))
        try app.perform(.orders(.load))  // back to the list, refreshing: in flight when the views go
        #expect(app.world.census.totalLive > 0)

        app.device.releaseViews()
        app.drain()
        #expect(app.holdsOnlyDeclaredObjects(of: backend), "\(app.world.census.census)")
    }
}
