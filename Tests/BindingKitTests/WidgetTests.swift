import BindingKit
import Testing

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
        list.reload(count: 0) { _ in Issue.record("an empty list asks for no row"); return ListWidget.Row("") }
        #expect(list.isEmpty)
        #expect(list.windowCount == 0)
        #expect(list.render(width: 20) == ["(none yet)"])
        var selected: [Int] = []
        list.onSelect = { selected.append($0) }
        list.reload(count: 4) { _ in Issue.record("selecting asks for no row"); return ListWidget.Row("") }
        #expect(!list.isEmpty)
        #expect((0..<list.count).contains(3))
        #expect(!(0..<list.count).contains(4))
        list.select(3)
        #expect(selected == [3])
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

    /// A data-source reload is one update and never a redundant one (telling
    /// would mean asking for rows); an array reload after it is not redundant either.
    @Test func dataSourceReloadIsOneUpdateNeverRedundant() {
        let tracer = Tracer(scheduler: VirtualScheduler())
        let list = ListWidget(tracer: tracer)
        var asked = 0
        for _ in 0..<2 {
            list.reload(count: 100) { index in
                asked += 1
                return ListWidget.Row("x")
            }
        }
        list.reload([ListWidget.Row("x")])
        list.reload([ListWidget.Row("x")])
        #expect(asked == 0)
        #expect(tracer.updateCount == 4)
        #expect(tracer.redundantUpdateCount == 1)
    }

    /// Setting a widget to the value it shows is counted as a redundant update.
    @Test func redundantUpdatesAreCounted() {
        let scheduler = VirtualScheduler()
        let tracer = Tracer(scheduler: scheduler)
        let label = Label("a", name: "title", tracer: tracer)
        label.text = "a"
        label.text = "b"
        let list = ListWidget(tracer: tracer)
        list.reload([ListWidget.Row("x")])
        list.reload([ListWidget.Row("x")])
        #expect(tracer.updateCount == 4)
        #expect(tracer.redundantUpdateCount == 2)
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
        let lines = ScreenRenderer.render(Sample(), width: 20)
        #expect(lines == ["┌─ Orders ─────────┐", "│ hello            │", "└──────────────────┘"])
        #expect(lines.allSatisfy { $0.count == 20 })
    }

    /// Columns put blocks side by side under their captions.
    @Test func columns() {
        let lines = ScreenRenderer.columns([("a", ["1", "2"]), ("b", ["3"])], width: 4)
        #expect(lines == ["a     b", "1     3", "2"])
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
        let lines = ScreenRenderer.render(Sample(), width: 20)
        #expect(lines.allSatisfy { $0.displayWidth == 20 }, "\(lines)")
    }
}
