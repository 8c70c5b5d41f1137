import BindingKit
import Domain
import Kit
import Playground
import Testing

/// The orders screen (seeds 000-002) as the user sees it, on every backend.
@Suite struct OrdersScreenTests {
    /// Opening the list shows the spinner at once and the article's 100 orders a second later.
    @Test(arguments: notifyingBackends)
    func loadShowsSpinnerThenOrders(backend: any BindingBackend) {
        expectPasses(OrdersChecks.loadShowsSpinnerThenOrders, on: backend)
    }

    /// Selecting an order opens its details; back returns to the list as it was.
    @Test(arguments: notifyingBackends)
    func selectShowsDetailsAndBackReturns(backend: any BindingBackend) {
        expectPasses(OrdersChecks.selectShowsDetailsAndBackReturns, on: backend)
    }

    /// Renaming an order changes its row only.
    @Test(arguments: notifyingBackends)
    func renameChangesOneRow(backend: any BindingBackend) {
        expectPasses(OrdersChecks.renameChangesOneRow, on: backend)
    }

    /// Typing a name on the details screen renames the order there and in the list, seen after back.
    @Test(arguments: notifyingBackends)
    func nameFieldRenamesTheOrder(backend: any BindingBackend) {
        expectPasses(OrdersChecks.nameFieldRenamesTheOrder, on: backend)
    }

    /// Removing an order drops its row and updates the count in the title.
    @Test(arguments: notifyingBackends)
    func removeDropsTheRow(backend: any BindingBackend) {
        expectPasses(OrdersChecks.removeDropsTheRow, on: backend)
    }

    /// Rows changed while out of view are drawn changed when they come back into view, and a change in view is drawn at once.
    @Test(arguments: notifyingBackends)
    func rowsChangedOutOfViewShowWhenScrolledBack(backend: any BindingBackend) {
        expectPasses(OrdersChecks.rowsChangedOutOfViewShowWhenScrolledBack, on: backend)
    }

    /// A load, a rename and a remove leave the list a data source that was asked for the rows it drew only: no backend keeps a row per order.
    @Test(arguments: notifyingBackends)
    func oneRowChangesKeepTheListADataSource(backend: any BindingBackend) {
        expectPasses(OrdersChecks.oneRowChangesKeepTheListADataSource, on: backend)
    }

    /// A failed load shows the container's alert and no rows; loading again recovers.
    @Test(arguments: notifyingBackends)
    func failedLoadShowsTheAlert(backend: any BindingBackend) {
        expectPasses(OrdersChecks.failedLoadShowsTheAlert, on: backend)
    }

    /// Once the views are released and the queue drained, nothing the screen made is left alive.
    @Test(arguments: notifyingBackends)
    func releasingTheViewsFreesEverything(backend: any BindingBackend) {
        expectPasses(OrdersChecks.releasingTheViewsFreesEverything, on: backend)
    }
}
