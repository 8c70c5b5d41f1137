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
}
