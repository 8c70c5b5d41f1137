import BindingKit
import Playground
import PlaygroundTestSupport

/// The orders screen as the user sees it: the conformance suite's
/// `OrdersScreenTests` run these on every backend, and the kit's tasks 1–5
/// on the attendee's.
public enum OrdersChecks {
    public static let all: [Check] = [
        loadShowsSpinnerThenOrders, selectShowsDetailsAndBackReturns, renameChangesOneRow,
        nameFieldRenamesTheOrder, removeDropsTheRow, rowsChangedOutOfViewShowWhenScrolledBack,
        oneRowChangesKeepTheListADataSource, failedLoadShowsTheAlert, releasingTheViewsFreesEverything,
        releasedMidRequestKeepsNothing,
    ]

    /// The screen a second after `orders load`: the article's 100 orders, ten shown.
    static let hundredOrders = [
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
    ]

    public static let loadShowsSpinnerThenOrders = Check(
        "orders.load", "opening the list shows the spinner at once and the 100 orders a second later"
    ) { backend throws(CheckFailure) in
        let run = CheckRun(backend)
        try run.perform(.orders(.load))
        try run.expect(run.app.title, equals: "Orders", "the title says \"Orders\" while loading")
        try run.expectLines(["⟳ Loading…"], "the container's spinner turns at once, and nothing else shows")
        try run.expect(try run.rows(), equals: [], "the list is empty while loading")
        run.wait(TestApp.latency - 1)
        try run.expectLines(["⟳ Loading…"], "the spinner still turns a millisecond before the answer")
        run.wait(1)
        try run.expect(run.app.title, equals: "Orders (100)", "the title counts the orders once they arrive")
        let rows = try run.rows()
        try run.expect(rows.count, equals: 100, "the list has the 100 orders")
        try run.expect(rows.first, equals: "Order #0", "the first row is \"Order #0\"")
        try run.expect(rows.last, equals: "Order #99", "the last row is \"Order #99\"")
        try run.expectScreen(hundredOrders, "the spinner has stopped and the first ten orders show")
    }

    public static let selectShowsDetailsAndBackReturns = Check(
        "orders.select-back", "selecting an order opens its details; back returns to the list as it was"
    ) { backend throws(CheckFailure) in
        let run = CheckRun(backend)
        try run.perform(.orders(.load))
        run.drain()
        try run.perform(.orders(.select(row: 3)))
        run.drain()
        try run.expect(run.app.title, equals: "Order #3", "the details screen is titled \"Order #3\"")
        try run.expectLines(["Name: Order", "Details of Order #3"], "the details show the name and one line")
        try run.perform(.back)
        try run.expect(run.app.title, equals: "Orders (100)", "back shows the list again, titled \"Orders (100)\"")
        try run.expect(try run.rows().count, equals: 100, "the list still has its 100 orders")
        try run.performRefused(.back, "there is nothing to go back to from the list")
    }

    public static let renameChangesOneRow = Check(
        "orders.rename", "renaming an order changes its row only, and its details show the new name"
    ) { backend throws(CheckFailure) in
        let run = CheckRun(backend)
        try run.perform(.orders(.load))
        run.drain()
        try run.perform(.orders(.rename(row: 2, name: "Gift")))
        run.drain()
        let rows = try run.rows()
        try run.expect(rows.count, equals: 100, "the list keeps its 100 rows")
        try run.expect(Array(rows[1...3]), equals: ["Order #1", "Gift #2", "Order #3"], "row 2 alone says \"Gift #2\"")
        try run.perform(.orders(.select(row: 2)))
        run.drain()
        try run.expectLines(["Name: Gift", "Details of Gift #2"], "its details show the new name")
    }

    public static let nameFieldRenamesTheOrder = Check(
        "orders.name-field", "typing a name on the details screen renames the order there and in the list"
    ) { backend throws(CheckFailure) in
        let run = CheckRun(backend)
        try run.perform(.orders(.load))
        run.drain()
        try run.performRefused(.orders(.name("Gift")), "the list has no name field to type into")
        try run.perform(.orders(.select(row: 4)))
        run.drain()
        try run.perform(.orders(.name("Gift")))
        run.drain()
        try run.expect(run.app.title, equals: "Gift #4", "the details' title follows the name typed")
        try run.expectLines(["Name: Gift", "Details of Gift #4"], "the field and the details line say \"Gift\"")
        try run.perform(.back)
        run.drain()
        let rows = try run.rows()
        try run.expect(rows.count, equals: 100, "back on the list, it keeps its 100 rows")
        try run.expect(Array(rows[3...5]), equals: ["Order #3", "Gift #4", "Order #5"], "back, row 4 says \"Gift #4\"")
        try run.expect(run.app.title, equals: "Orders (100)", "the list's title is unchanged")
    }

    public static let removeDropsTheRow = Check(
        "orders.remove", "removing an order drops its row and updates the count in the title"
    ) { backend throws(CheckFailure) in
        let run = CheckRun(backend)
        try run.perform(.orders(.load))
        run.drain()
        try run.perform(.orders(.remove(row: 0)))
        run.drain()
        let rows = try run.rows()
        try run.expect(rows.count, equals: 99, "the list has 99 rows")
        try run.expect(rows.first, equals: "Order #1", "the first row is now \"Order #1\"")
        try run.expect(run.app.title, equals: "Orders (99)", "the title says \"Orders (99)\"")
        try run.performRefused(.orders(.remove(row: 99)), "there is no row 99 left to remove")
    }

    public static let rowsChangedOutOfViewShowWhenScrolledBack = Check(
        "orders.out-of-view",
        "rows changed while out of view are drawn changed when they come back into view, and a change in view at once"
    ) { backend throws(CheckFailure) in
        let run = CheckRun(backend)
        try run.perform(.orders(.load))
        run.drain()
        try run.perform(.orders(.rename(row: 50, name: "Gift")))  // scrolls to it first
        try run.perform(.orders(.remove(row: 45)))
        run.drain()
        guard let list = run.app.device.visibleScreen?.widget(ListWidget.self, named: "list") else {
            throw run.failure("the orders screen shows a list called list")
        }
        run.note("orders scroll up ×10")
        list.scroll(by: -100)
        try run.perform(.orders(.rename(row: 2, name: "Box")))
        run.drain()
        try run.expect(
            run.app.lines.dropFirst(2).first, equals: " 2  Box #2", "row 2, in view, says \"Box #2\" at once")
        run.note("orders scroll to 49")
        list.scrollToRow(49)
        try run.expect(run.app.lines.contains("… 40 above"), "the list scrolled to row 49 says \"… 40 above\"")
        try run.expect(run.app.lines.contains("49  Gift #50"), "row 49 is the renamed \"Gift #50\", drawn as it is now")
        var expected = (0..<100).map { "Order #\($0)" }
        expected[2] = "Box #2"
        expected[50] = "Gift #50"
        expected.remove(at: 45)
        try run.expect(try run.rows() == expected, "the list's rows are the orders with both renames and the remove")
        try run.expect(run.app.title, equals: "Orders (99)", "the title says \"Orders (99)\"")
    }

    public static let oneRowChangesKeepTheListADataSource = Check(
        "orders.data-source",
        "a load, a rename and a remove of 5000 orders leave the list a data source, asked for the rows it draws"
    ) { backend throws(CheckFailure) in
        let run = CheckRun(backend)
        run.app.orders.count = 5000
        run.note("orders load N: 5000 orders")
        try run.perform(.orders(.load))
        run.drain()
        guard let list = run.app.device.visibleScreen?.widget(ListWidget.self, named: "list") else {
            throw run.failure("the orders screen shows a list called list")
        }
        try run.expect(
            list.isDataSource, "the list is reloaded as a data source (`list.reload(count:)`), not given every row")
        try run.perform(.orders(.rename(row: 3, name: "Gift")))
        try run.perform(.orders(.remove(row: 0)))
        run.drain()
        try run.expect(
            list.isDataSource,
            "a rename and a remove keep it a data source (`reload(dataSourceRow:with:)`, `delete(dataSourceRow:)`)")
        try run.expect(list.count, equals: 4999, "the list has 4999 rows")
        try run.expect(run.app.lines.contains { $0.hasSuffix(" 2  Gift #3") }, "row 2 says \"Gift #3\"")
        try run.expect(run.app.lines.contains("… 4989 more"), "the list says \"… 4989 more\"")
        try run.expect(run.app.title, equals: "Orders (4999)", "the title says \"Orders (4999)\"")
    }

    public static let failedLoadShowsTheAlert = Check(
        "orders.failed-load", "a failed load shows the container's alert and no rows; loading again recovers"
    ) { backend throws(CheckFailure) in
        let run = CheckRun(backend)
        run.app.orders.failures = [.notConnected]
        run.note(":net fail next")
        try run.perform(.orders(.load))
        run.drain()
        guard let alert = run.app.alert else {
            throw CheckFailure(
                "the container's alert says \"Error: No internet connection\"", steps: run.steps,
                found: "no alert; " + run.shownLines)
        }
        try run.expect(alert.title, equals: "Error", "the alert is titled \"Error\"")
        try run.expect(alert.message, equals: "No internet connection", "the alert says \"No internet connection\"")
        try run.expect(try run.rows(), equals: [], "the list shows no rows")
        try run.expect(!run.app.lines.contains("⟳ Loading…"), "the spinner has stopped")
        try run.perform(.orders(.load))
        try run.expect(run.app.alert == nil, "the next action dismisses the alert")
        run.drain()
        try run.expect(try run.rows().count, equals: 100, "loading again brings the 100 orders")
    }

    public static let releasingTheViewsFreesEverything = Check(
        "orders.release", "once the views are released and the queue drained, nothing the screen made is left alive"
    ) { backend throws(CheckFailure) in
        let run = CheckRun(backend)
        try run.perform(.orders(.load))
        run.drain()
        try run.perform(.orders(.select(row: 3)))
        try run.perform(.back)
        try run.perform(.orders(.select(row: 4)))
        try run.perform(.orders(.load))  // back to the list, refreshing: in flight when the views go
        try run.expect(run.app.world.census.totalLive > 0, "the census counts the screen's objects")
        run.note(":release view")
        run.app.device.releaseViews()
        run.drain()
        try run.expect(
            run.app.holdsOnlyDeclaredObjects(of: backend),
            "nothing is left alive but what the backend declares it keeps (`keepsAliveAfterRelease`)",
            found: Self.alive(run.app))
    }

    /// Not in `OrdersScreenTests`: there, the answer arrives before the
    /// census is read, and a view model it kept is gone by then.
    public static let releasedMidRequestKeepsNothing = Check(
        "orders.release-mid-request",
        "the views released while a load is in flight: nothing stays alive waiting for the answer"
    ) { backend throws(CheckFailure) in
        let run = CheckRun(backend)
        try run.perform(.orders(.load))
        run.drain()
        try run.perform(.orders(.load))
        run.wait(TestApp.latency / 2)
        run.note(":release view")
        run.app.device.releaseViews()
        run.app.world.survey()
        let alive = run.app.world.census.census.filter { $0.live > 0 }
        try run.expect(
            alive.isEmpty, "nothing is alive while the request is in flight (`:alive`): the answer finds no one",
            found: Self.alive(run.app))
        run.drain()
        try run.expect(
            run.app.holdsOnlyDeclaredObjects(of: backend), "nothing is alive after the answer either",
            found: Self.alive(run.app))
    }

    /// "OrdersViewModel, ContainerView ×2", or "nothing".
    static func alive(_ app: TestApp) -> String {
        let live = app.world.census.census.filter { $0.live > 0 }
        guard !live.isEmpty else { return "nothing alive" }
        return live.map { $0.live == 1 ? $0.name : "\($0.name) ×\($0.live)" }.joined(separator: ", ") + " alive"
    }
}
