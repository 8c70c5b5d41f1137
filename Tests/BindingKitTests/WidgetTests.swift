import Playground
import Testing

@testable import BindingKit

@Suite struct WidgetTests {
    /// A list shows ten numbered rows and counts the rest.
    @Test func listShowsAWindowAndTheRest() {
        let list = ListWidget()
        list.reload((0..<25).map { ListWidget.Row("Row \($0)") })
        let lines = list.render(width: 30)
        #expect(lines.count == 11)
        #expect(lines[0] == " 0  Row 0")
        #expect(lines[9] == " 9  Row 9")
        #expect(lines[10] == "… 15 more")
    }

    /// A swipe moves the window: rows keep their numbers, the rows out of view are counted above and below.
    @Test func scrollingMovesTheWindow() {
        let list = ListWidget()
        list.reload((0..<25).map { ListWidget.Row("Row \($0)") })
        #expect(list.scroll(by: 10))
        var lines = list.render(width: 30)
        #expect(lines.first == "… 10 above")
        #expect(lines[1] == "10  Row 10")
        #expect(lines.last == "… 5 more")
        #expect(list.scroll(by: 10), "as far as there are rows")
        lines = list.render(width: 30)
        #expect(lines[1] == "15  Row 15")
        #expect(lines.last == "24  Row 24")
        #expect(!list.scroll(by: 10), "at the end the window does not move")
        #expect(list.scroll(by: -100))
        #expect(list.firstVisibleRow == 0)
    }

    /// Bringing a row into view moves the window as little as it can; a row in view does not move it.
    @Test func scrollToRowMovesAsLittleAsItCan() {
        let list = ListWidget()
        list.reload((0..<100).map { ListWidget.Row("Row \($0)") })
        #expect(!list.scrollToRow(9))
        #expect(list.scrollToRow(42))
        #expect(list.visibleRange == 33..<43)
        #expect(list.scrollToRow(30))
        #expect(list.visibleRange == 30..<40)
        #expect(!list.scrollToRow(100))
    }

    /// The list tells its view when the last row comes into view, once per arrival, as `willDisplay` of the last cell does.
    @Test func reachingTheLastRowCallsOnReachEnd() {
        let list = ListWidget()
        var reached = 0
        list.onReachEnd = { reached += 1 }
        list.reload((0..<20).map { ListWidget.Row("Row \($0)") })
        list.scroll(by: 5)
        #expect(reached == 0)
        list.scroll(by: 5)
        #expect(reached == 1)
        list.scroll(by: 5)
        #expect(reached == 1, "already in view")
        list.scrollToEnd()
        #expect(reached == 2, "scrolling on at the end asks again")
    }

    /// After scrolling to the end, the rows the next reload adds come into view; other reloads keep the window where it was, within the rows there are.
    @Test func rowsAskedForComeIntoView() {
        let list = ListWidget()
        list.reload((0..<20).map { ListWidget.Row("Row \($0)") })
        list.scrollToEnd()
        list.reload((0..<20).map { ListWidget.Row("Row \($0)") })
        #expect(list.visibleRange == 10..<20, "the same rows again: still waiting")
        list.reload((0..<40).map { ListWidget.Row("Row \($0)") })
        #expect(list.visibleRange == 20..<30)
        list.reload((0..<60).map { ListWidget.Row("Row \($0)") })
        #expect(list.visibleRange == 20..<30, "not asked for: the window stays")
        list.reload((0..<3).map { ListWidget.Row("Row \($0)") })
        #expect(list.visibleRange == 0..<3)
    }

    /// With a data source, a scroll asks for the rows that came into view, and a row in view is read from them.
    @Test func dataSourceIsAskedForRowsScrolledIntoView() {
        let list = ListWidget()
        var asked: [Int] = []
        list.reload(count: 1_000) { index in
            asked.append(index)
            return ListWidget.Row("Row \(index)")
        }
        _ = list.render(width: 30)
        list.scroll(by: 500)
        asked = []
        let lines = list.render(width: 30)
        #expect(asked == Array(500..<510))
        #expect(lines[1] == "500  Row 500")
        #expect(list.row(at: 505) == ListWidget.Row("Row 505"))
        #expect(asked.count == 10)
    }

    /// A row's detail sits at the right edge; text too long is cut with an ellipsis.
    @Test func rowsFitTheirWidth() {
        let list = ListWidget()
        list.reload([ListWidget.Row("A very long title that does not fit", detail: "1977")])
        let line = list.render(width: 30)[0]
        #expect(line.count == 30)
        #expect(line.hasSuffix(" 1977"))
        #expect(line.contains("…"))
    }

    /// An empty list shows its empty text, or nothing.
    @Test func emptyList() {
        let list = ListWidget()
        #expect(list.render(width: 20).isEmpty)
        list.emptyText = "Search results"
        #expect(list.render(width: 20) == ["Search results"])
    }

    /// With a data source the list asks only for the rows it draws, once per
    /// reload, and counts the rest from `count`.
    @Test func dataSourceIsAskedForTheDrawnRowsOnly() {
        let list = ListWidget()
        var asked: [Int] = []
        list.reload(count: 1_000_000) { index in
            asked.append(index)
            return ListWidget.Row("Row \(index)")
        }
        #expect(asked.isEmpty, "nothing is asked before the list draws")
        #expect(list.count == 1_000_000)
        #expect(list.windowCount == ListWidget.visibleRows)
        let lines = list.render(width: 30)
        #expect(asked == Array(0..<ListWidget.visibleRows))
        #expect(lines.count == 11)
        #expect(lines[0] == "     0  Row 0")
        #expect(lines[9] == "     9  Row 9")
        #expect(lines[10] == "… 999990 more")
        _ = list.render(width: 30)
        #expect(list.row(at: 3) == ListWidget.Row("Row 3"))
        #expect(asked.count == ListWidget.visibleRows, "drawn rows are kept until the next reload")
        #expect(list.row(at: 500_000) == ListWidget.Row("Row 500000"))
        #expect(asked.count == ListWidget.visibleRows + 1, "a row below the window is asked for when read")

        asked = []
        list.reload(count: 3) { index in
            asked.append(index)
            return ListWidget.Row("New \(index)")
        }
        #expect(list.render(width: 20) == ["0  New 0", "1  New 1", "2  New 2"])
        #expect(asked == [0, 1, 2])
    }

    /// `rows` asks the data source for every row; in array mode it is the array.
    @Test func rowsMaterialiseEveryRow() {
        let list = ListWidget()
        var asked = 0
        list.reload(count: 25) { index in
            asked += 1
            return ListWidget.Row("Row \(index)", detail: "\(index * 2)")
        }
        #expect(list.rows == (0..<25).map { ListWidget.Row("Row \($0)", detail: "\($0 * 2)") })
        #expect(asked == 25)
        list.reload([ListWidget.Row("a"), ListWidget.Row("b")])
        #expect(list.count == 2)
        #expect(list.row(at: 1) == ListWidget.Row("b"))
        #expect(list.rows == [ListWidget.Row("a"), ListWidget.Row("b")])
    }

    /// What a finger may pick is told by `count` alone, in either mode, and
    /// an empty data source shows the empty text.
    @Test func countTellsWhichRowsExist() {
        let list = ListWidget(emptyText: "(none yet)")
        list.reload(count: 0) { _ in
            Issue.record("an empty list asks for no row")
            return ListWidget.Row("")
        }
        #expect(list.isEmpty)
        #expect(list.windowCount == 0)
        #expect(list.render(width: 20) == ["(none yet)"])
        var selected: [Int] = []
        list.onSelect = { selected.append($0) }
        list.reload(count: 4) { _ in
            Issue.record("selecting asks for no row")
            return ListWidget.Row("")
        }
        #expect(!list.isEmpty)
        #expect((0..<list.count).contains(3))
        #expect(!(0..<list.count).contains(4))
        list.select(3)
        #expect(selected == [3])
    }

    /// A one-row reload or delete on a data source asks it for no row out of view, keeps the list a data source, and draws what the data source answers now.
    @Test func dataSourceRowChangesAskForTheDrawnRowsOnly() {
        let tracer = Tracer(clock: VirtualScheduler())
        let list = ListWidget(tracer: tracer)
        var names = (0..<1_000).map { "Row \($0)" }
        var asked: [Int] = []
        list.reload(count: names.count) { index in
            asked.append(index)
            return ListWidget.Row(names[index])
        }
        _ = list.render(width: 30)
        asked = []
        let updates = tracer.updateCount
        names[500] = "Gift"
        list.reload(dataSourceRow: 500, with: ListWidget.Row("Gift"))
        names[3] = "Box"
        list.reload(dataSourceRow: 3, with: ListWidget.Row("Box"))
        list.reload(dataSourceRow: 3, with: ListWidget.Row("Box"))
        names.remove(at: 0)
        list.delete(dataSourceRow: 0)
        list.delete(dataSourceRow: 999)
        #expect(asked.isEmpty)
        #expect(list.isDataSource)
        #expect(list.count == 999)
        let lines = list.render(width: 30)
        #expect(lines.contains { $0.hasSuffix("2  Box") })
        #expect(asked == Array(0..<ListWidget.visibleRows))
        #expect(list.row(at: 499) == ListWidget.Row("Gift"))
        #expect(tracer.updateCount - updates == 4)
        #expect(tracer.redundantUpdateCount == 1, "the second Box, drawn as Box already")
    }

    /// Editing one row of a data-source list keeps the other rows.
    @Test func rowChangesAfterADataSourceReload() {
        let list = ListWidget()
        list.reload(count: 12) { ListWidget.Row("Row \($0)") }
        list.reload(row: 11, with: ListWidget.Row("Gift"))
        list.delete(row: 0)
        #expect(list.count == 11)
        #expect(list.row(at: 0) == ListWidget.Row("Row 1"))
        #expect(list.row(at: 10) == ListWidget.Row("Gift"))
    }

    /// A data-source reload is one update, redundant only when the list was drawn and the rows it shows, their number and position stay the same.
    @Test func dataSourceReloadIsRedundantWhenTheDrawnRowsStay() {
        let tracer = Tracer(clock: VirtualScheduler())
        let list = ListWidget(tracer: tracer)
        var asked = 0
        let same: (Int) -> ListWidget.Row = { index in
            asked += 1
            return ListWidget.Row("Row \(index)")
        }
        list.reload(count: 100, row: same)
        list.reload(count: 100, row: same)
        #expect(asked == 0, "a list not drawn is not asked, and its reloads are not redundant")
        #expect(tracer.redundantUpdateCount == 0)

        _ = list.render(width: 20)
        list.reload(count: 100, row: same)
        #expect(tracer.redundantUpdateCount == 1, "the same rows in view")
        list.reload(count: 100) { ListWidget.Row($0 == 99 ? "Gift" : "Row \($0)") }
        #expect(tracer.redundantUpdateCount == 2, "a change out of view leaves the screen as it was")
        list.reload(count: 100) { ListWidget.Row($0 == 3 ? "Gift" : "Row \($0)") }
        #expect(tracer.redundantUpdateCount == 2, "a row in view changed")
        list.reload(count: 101) { ListWidget.Row($0 == 3 ? "Gift" : "Row \($0)") }
        #expect(tracer.redundantUpdateCount == 2, "one more row: the count shown changed")
        list.scroll(by: 5)
        list.reload(count: 101) { ListWidget.Row($0 == 3 ? "Gift" : "Row \($0)") }
        #expect(tracer.redundantUpdateCount == 2, "scrolled and not drawn since")

        // An array reload after a drawn data source compares the rows in view too.
        _ = list.render(width: 20)
        list.reload((0..<101).map { ListWidget.Row($0 == 3 ? "Gift" : "Row \($0)") })
        #expect(tracer.redundantUpdateCount == 3)
        list.reload((0..<101).map { ListWidget.Row("Row \($0)") })
        #expect(tracer.updateCount == 9)
        #expect(tracer.redundantUpdateCount == 3)
    }

    /// Setting a widget to the value it shows is counted as a redundant update.
    @Test func redundantUpdatesAreCounted() {
        let scheduler = VirtualScheduler()
        let tracer = Tracer(clock: scheduler)
        let label = Label("a", name: "title", tracer: tracer)
        label.text = "a"
        label.text = "b"
        let list = ListWidget(tracer: tracer)
        list.reload([ListWidget.Row("x")])
        list.reload([ListWidget.Row("x")])
        #expect(tracer.updateCount == 4)
        #expect(tracer.redundantUpdateCount == 2)
    }

    /// Rows with and without a detail read back as given, after a one-row change adds a detail or a delete.
    @Test func keptRowsReadBackWithTheirDetails() {
        let scheduler = VirtualScheduler()
        let tracer = Tracer(clock: scheduler)
        let list = ListWidget(tracer: tracer)
        list.reload([ListWidget.Row("a"), ListWidget.Row("b"), ListWidget.Row("c")])
        list.compactRows()  // keeps rows without details as texts
        #expect(list.rows == [ListWidget.Row("a"), ListWidget.Row("b"), ListWidget.Row("c")])
        list.reload(row: 2, with: ListWidget.Row("C"))
        list.reload(row: 1, with: ListWidget.Row("b", detail: "★ 8.1"))
        list.reload(row: 2, with: ListWidget.Row("c"))
        #expect(list.rows == [ListWidget.Row("a"), ListWidget.Row("b", detail: "★ 8.1"), ListWidget.Row("c")])
        list.delete(row: 0)
        #expect(list.rows == [ListWidget.Row("b", detail: "★ 8.1"), ListWidget.Row("c")])
        list.reload(row: 0, with: ListWidget.Row("b"))
        list.compactRows()
        list.delete(row: 1)
        #expect(list.rows == [ListWidget.Row("b")])
        list.reload([ListWidget.Row("b"), ListWidget.Row("c")])
        list.compactRows()
        // The same rows, kept as texts alone or not: a redundant reload.
        list.reload([ListWidget.Row("b"), ListWidget.Row("c")])
        #expect(tracer.redundantUpdateCount == 1)
        #expect(list.row(at: 1) == ListWidget.Row("c"))
    }

    /// Compacting stops when asked to between slices, keeping the rows as they were, and the next call compacts them.
    @Test func compactingStopsWhenAsked() {
        let list = ListWidget()
        let rows = (0..<200_000).map { ListWidget.Row("Order #\($0)") }
        list.reload(rows)
        var asked = 0
        list.compactRows {
            asked += 1
            return asked > 1  // the first slice, then stop
        }
        #expect(asked == 2)
        #expect(!list.keepsTextsOnly)
        #expect(list.rows == rows)
        list.compactRows()
        #expect(list.keepsTextsOnly)
        #expect(list.rows == rows)
        list.reload(rows + [ListWidget.Row("with a detail", detail: "1999")])
        list.compactRows()
        #expect(!list.keepsTextsOnly, "a row with a detail keeps the rows whole")
    }

    /// A reload of a compacted list is redundant only with the same texts and no detail, in either order of the two forms.
    @Test func reloadOfACompactedListTellsWhatChanged() {
        let scheduler = VirtualScheduler()
        let tracer = Tracer(clock: scheduler)
        let list = ListWidget(tracer: tracer)
        let rows = [ListWidget.Row("a"), ListWidget.Row("b")]
        for (next, redundant) in [
            (rows, true), ([ListWidget.Row("a"), ListWidget.Row("B")], false),
            ([ListWidget.Row("a"), ListWidget.Row("b", detail: "1999")], false), ([ListWidget.Row("a")], false),
        ] {
            list.reload(rows)
            list.compactRows()
            let before = tracer.redundantUpdateCount
            list.reload(next)
            #expect(tracer.redundantUpdateCount - before == (redundant ? 1 : 0), "\(next)")
            #expect(list.rows == next)
        }
    }

    /// Spinner, alert and button render their state; a disabled button ignores taps.
    @Test func stateWidgets() {
        let spinner = Spinner()
        #expect(spinner.render(width: 20).isEmpty)
        spinner.startAnimating()
        #expect(spinner.render(width: 20) == ["⟳ Loading…"])
        let alert = Alert()
        alert.present(title: "Error", message: "No internet connection")
        #expect(alert.render(width: 34) == ["⚠ Error", "No internet connection        [OK]"])
        alert.dismiss()
        #expect(alert.render(width: 34).isEmpty)
        var taps = 0
        let button = Button("Load")
        button.onTap = { taps += 1 }
        button.isEnabled = false
        #expect(!button.tap())
        button.isEnabled = true
        #expect(button.tap())
        #expect(taps == 1)
        #expect(button.render(width: 20) == ["[ Load ]"])
    }

    /// A hidden button draws nothing and ignores taps; a disabled one is drawn in parentheses.
    @Test func hiddenAndDisabledButton() {
        var taps = 0
        let button = Button("Load more", isHidden: true)
        button.onTap = { taps += 1 }
        #expect(button.render(width: 20).isEmpty)
        #expect(!button.tap())
        button.isHidden = false
        button.isEnabled = false
        #expect(button.render(width: 20) == ["( Load more )"])
        #expect(!button.tap())
        #expect(taps == 0)
    }

    /// Typing sets the text and reports the edit; Return submits what is typed; setting the text reports nothing.
    @Test func textFieldTypesAndSubmits() {
        let field = TextField(prompt: "Name: ", placeholder: "none")
        var edits: [String] = []
        var submitted: [String] = []
        field.onTextChange = { edits.append($0) }
        field.onSubmit = { submitted.append($0) }
        #expect(field.render(width: 20) == ["Name: none"])
        field.text = "Order"
        field.type("Gift")
        #expect(field.render(width: 20) == ["Name: Gift"])
        field.submit()
        #expect(edits == ["Gift"])
        #expect(submitted == ["Gift"])
    }

    /// A search field's one-step submit types the query, then presses Search with it.
    @Test func searchFieldSubmitsInOneStep() {
        let field = SearchField(placeholder: "Search Movies")
        var events: [String] = []
        field.onTextChange = { events.append("typed \($0)") }
        field.onSubmit = { events.append("search \($0)") }
        #expect(field.render(width: 30) == ["⌕ Search Movies"])
        field.submit("alien")
        #expect(events == ["typed alien", "search alien"])
        #expect(field.render(width: 30) == ["⌕ alien"])
    }

    /// Screens render in a box of fixed width, titled with the navigation title.
    @Test func screenBox() {
        final class Sample: Screen {
            let title = Label("Orders")
            let body = Label("hello")
            var widgets: [any Widget] { [body] }
        }
        let lines = ScreenRenderer.render(Sample(), width: 30)
        #expect(
            lines == [
                "┌─ Orders ───────────────────┐", "│ hello                      │", "└────────────────────────────┘",
            ])
        #expect(lines.allSatisfy { $0.count == 30 })
    }

    /// Narrower than the narrowest box, a screen is drawn in its compact form: no side frame, no line wider than asked.
    @Test func compactScreen() {
        final class Sample: Screen {
            let title = Label("Orders (100)")
            let body = Label("a line much longer than the width")
            var widgets: [any Widget] { [body] }
        }
        let lines = ScreenRenderer.render(Sample(), width: 20)
        #expect(lines == ["─ Orders (100) ─────", "a line much longer …", "────────────────────"])
    }

    /// Screens go side by side as far as they fit, narrower down to the minimum, in balanced rows, else one a row.
    @Test func layoutFitsTheWidth() {
        #expect(ScreenRenderer.layout(count: 4, columns: 200) == .init(perRow: 4, screenWidth: 38))
        #expect(ScreenRenderer.layout(count: 8, columns: 80) == .init(perRow: 2, screenWidth: 38))
        #expect(ScreenRenderer.layout(count: 8, columns: 200) == .init(perRow: 4, screenWidth: 38))
        #expect(ScreenRenderer.layout(count: 4, columns: 120) == .init(perRow: 2, screenWidth: 38))
        #expect(ScreenRenderer.layout(count: 3, columns: 100) == .init(perRow: 3, screenWidth: 32))
        #expect(ScreenRenderer.layout(count: 8, columns: 40) == .init(perRow: 1, screenWidth: 38))
        #expect(ScreenRenderer.layout(count: 1, columns: 34) == .init(perRow: 1, screenWidth: 34))
        #expect(ScreenRenderer.layout(count: 2, columns: 24).isCompact)
        for count in 1...9 {
            for columns in [40, 60, 80, 100, 120, 160, 200] {
                let layout = ScreenRenderer.layout(count: count, columns: columns)
                #expect(layout.lineWidth(count: count) <= columns, "\(count) screens at \(columns)")
            }
        }
    }

    /// A hop's fields stay whole where they fit: one that does not fit the rest of the line starts the next, indented.
    @Test func fieldsWrapWhole() {
        let fields = ["  · output: OrdersViewModel → OrdersContentView", ".items(100)", "(main queue, turn 9)"]
        #expect(
            ScreenRenderer.wrapping(fields, width: 80, indent: 6) == [
                "  · output: OrdersViewModel → OrdersContentView  .items(100)", "      (main queue, turn 9)",
            ])
        #expect(ScreenRenderer.wrapping(fields, width: 200, indent: 6).count == 1)
        #expect(
            ScreenRenderer.wrapping(fields, width: 20, indent: 6).allSatisfy {
                $0.displayWidth <= 20 && !$0.allSatisfy { $0 == " " }
            })
    }

    /// A line too long for the terminal is broken between words, continuations indented, none wider than asked.
    @Test func longLinesWrapBetweenWords() {
        let line = "  · output: OrdersViewModel → ContainerView<OrdersContentView>  .updateItem(at: 2)"
        let lines = line.wrapped(to: 40, indent: 6)
        #expect(
            lines == [
                "  · output: OrdersViewModel →", "      ContainerView<OrdersContentView>", "      .updateItem(at: 2)",
            ])
        #expect("short".wrapped(to: 40, indent: 6) == ["short"])
        #expect(("x " + String(repeating: "y", count: 50)).wrapped(to: 20, indent: 2).allSatisfy { $0.count <= 20 })
    }

    /// Columns put blocks side by side under their captions.
    @Test func columns() {
        let lines = ScreenRenderer.columns([("a", ["1", "2"]), ("b", ["3"])], width: 4)
        #expect(lines == ["a     b", "1     3", "2"])
    }

    /// Screen lines measured a scalar at a time (box drawing, arrows, Latin letters) get the columns they take, and a mark, joiner, emoji selector or wide letter among them still counts as it does alone.
    @Test(arguments: [
        ("┌─ Orders (100) ─┐", 18), ("│ ⟳ Loading… ⌕ star │", 21), ("→ · ½ Ærø ▶ ◻", 13), ("Café ─", 6),
        ("Cafe\u{301} ─", 6), ("│ a\u{200D}b │", 6), ("→\u{FE0F} ─", 4), ("│ 注文 │", 8), ("─ ⌚", 4), ("│ ◽", 4),
    ])
    func boxLinesTakeTheirColumns(line: String, columns: Int) {
        #expect(line.displayWidth == columns)
    }

    /// Wide characters take two columns, so boxes stay aligned and cuts land on whole characters.
    @Test func wideCharactersKeepBoxesAligned() {
        #expect("Order".displayWidth == 5)
        #expect("注文".displayWidth == 4)
        #expect("🎁 gift".displayWidth == 7)
        #expect("Café".displayWidth == 4)  // a combining accent takes no column
        #expect("注文注文注文".fitted(to: 7) == "注文注…")
        #expect("注文".padded(to: 6) == "注文  ")
        final class Sample: Screen {
            let title = Label("注文")
            let body = Label("🎁 Rush order 注文")
            var widgets: [any Widget] { [body] }
        }
        let lines = ScreenRenderer.render(Sample(), width: 30)
        #expect(lines.allSatisfy { $0.displayWidth == 30 }, "\(lines)")
    }
}
