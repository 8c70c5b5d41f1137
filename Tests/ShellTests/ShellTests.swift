import LineEditing
import Playground
import Testing

@testable import Shell

/// Runs `lines` through a fresh shell; returns what it wrote and its status.
func transcript(_ lines: [String], backends: String = "delegate") throws -> (text: String, status: Int32) {
    let output = BufferedOutput()
    let shell = Shell(backends: try BackendRegistry.resolve(backends), output: output)
    let status = shell.run(ScriptedLines(lines), name: "script")
    return (output.text, status.rawValue)
}

@Suite struct ShellTests {
    /// Loading shows the spinner at 0 ms and the article's 100 orders at 1000 ms.
    @Test func ordersLoadShowsLoadingThenRows() throws {
        let (text, status) = try transcript(["orders load"])
        #expect(status == 0)
        let lines = text.split(separator: "\n").map(String.init)
        let loading = try #require(lines.firstIndex(of: "[0 ms]"))
        let loaded = try #require(lines.firstIndex(of: "[1000 ms]"))
        #expect(loading < loaded)
        #expect(lines[loading + 2].contains("⟳ Loading…"))
        #expect(lines[loaded + 1].contains("Orders (100)"))
        #expect(lines[loaded + 2].contains("0  Order #0"))
        #expect(lines.contains { $0.contains("… 90 more") })
    }

    /// Control characters typed into a command are spelled out in the error and on the screen, never sent raw, and boxes stay aligned.
    @Test func controlCharactersAreShownEscaped() throws {
        let (text, _) = try transcript(["orders\u{0}", "orders load 2", "orders rename 1 \"a\u{1B}[2Jb\""])
        #expect(text.contains("error: unknown command 'orders\\0'; did you mean 'orders'?"))
        #expect(text.contains("│ 1  a\\u{1B}[2Jb #1"))
        #expect(!text.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
        #expect(text.split(separator: "\n").filter { $0.hasPrefix("│") }.allSatisfy { $0.count == 38 })
    }

    /// Renaming or removing a row out of view scrolls to it, so the change is seen rather than "(no change)".
    @Test func editsOutOfViewScrollToTheirRow() throws {
        let (text, _) = try transcript(["orders load", "orders rename 42 Gift", "orders remove 80"])
        #expect(!text.contains("(no change)"))
        #expect(text.contains("│ 42  Gift #42"))
        #expect(text.contains("│ 80  Order #81"))
    }

    /// Selecting a row opens its details; back returns to the list.
    @Test func selectAndBack() throws {
        let (text, status) = try transcript(["orders load", "orders select 3", "back"])
        #expect(status == 0)
        #expect(text.contains("│ Details of Order #3"))
        #expect(text.components(separatedBy: "Orders (100)").count == 3)  // loaded, then back
    }

    /// `orders load N` scales the list; the title counts the rows.
    @Test func loadScales() throws {
        let (text, _) = try transcript(["orders load 100000"])
        #expect(text.contains("Orders (100000)"))
        #expect(text.contains("… 99990 more"))
    }

    /// An unknown command names the nearest one, and a script with an error exits 2 naming the line.
    @Test func unknownCommandSuggestsAndFailsTheScript() throws {
        let (text, status) = try transcript(["orders load", "ordrs select 3", ":backends"])
        #expect(status == 2)
        #expect(text.contains("script:2: error: unknown command 'ordrs'; did you mean 'orders'?"))
        #expect(text.contains("* delegate"))  // the script went on after the error
    }

    /// Bad arguments print the usage line; nothing crashes.
    @Test func badArgumentsPrintUsage() throws {
        let (text, status) = try transcript([
            "orders select", "orders select x", "orders load 99999999999999999999", "orders frobnicate",
            "movies search \"star", ":wait forever", ":net fail sometimes", ":use nothing", ":trace maybe",
        ])
        #expect(status == 2)
        let errors = text.split(separator: "\n").filter { $0.contains("error:") }
        #expect(errors.count == 9)
        #expect(text.contains("(usage: orders load [N] | orders select N"))
        // A known verb's misuse names only that verb's forms.
        #expect(text.contains("error: select takes one row number (usage: orders select N)\n"))
        #expect(text.contains("not 'x' (usage: orders select N)\n"))
        #expect(text.contains("unbalanced \" quote"))
        #expect(text.contains("unknown backend 'nothing'"))
    }

    /// Acting on a row that does not exist says which rows do.
    @Test func missingRowIsExplained() throws {
        let (text, _) = try transcript(["orders load", "orders select 100", "back"])
        #expect(text.contains("error: no row 100: the list has rows 0…99"))
        #expect(text.contains("error: nothing to go back to: this is the first screen"))
    }

    /// Rename updates one row and remove deletes one, renumbering the rest.
    @Test func renameAndRemove() throws {
        let (text, _) = try transcript(["orders load", "orders rename 2 \"Rush order\"", "orders remove 0"])
        #expect(text.contains("2  Rush order #2"))
        #expect(text.contains("Orders (99)"))
        #expect(text.contains("0  Order #1"))
    }

    /// A failing network shows the container's alert; the next load recovers.
    @Test func networkFailureShowsTheAlert() throws {
        let (text, _) = try transcript([":net fail next", "orders load", ":net latency 250ms", "orders load"])
        #expect(text.contains("│ ⚠ Error  ") && text.contains("│ No internet connection        [OK] │"))
        #expect(text.contains("network: latency 250 ms, failures off"))
        #expect(text.contains("[1250 ms]"))
    }

    /// In manual clock mode a load stays in flight until the clock runs.
    @Test func manualClockLeavesWorkQueued() throws {
        let (text, _) = try transcript([":clock manual", "orders load", ":clock", ":step", ":wait 500ms", ":wait"])
        #expect(text.contains("0 ms, turn 0, 1 queued, next at 1000 ms"))
        #expect(text.contains("[500 ms]") == false)
        #expect(text.contains("Orders (100)"))
    }

    /// Several backends run side by side, one column each.
    @Test func severalBackendsShowColumns() throws {
        let (text, _) = try transcript([":use delegate,delegate", ":backends"])
        #expect(text.contains("using delegate"))
    }

    /// Tracing shows every hop, the user's gestures included, and releasing the view leaves nothing alive.
    @Test func traceAndRelease() throws {
        let (text, _) = try transcript([":trace on", "orders load", ":release view", ":alive"])
        #expect(text.contains("user → list  pullToRefresh()"))
        #expect(text.contains("OrdersViewModel → OrdersContentView  didReceive(items: 100)"))
        #expect(text.contains("total live: 0"))
    }

    /// `:help` lists every command; `:help NAME` explains one; typos get a suggestion.
    @Test func help() throws {
        let (text, _) = try transcript([":help", ":help orders", "help :net", ":help ordrs"])
        for command in CommandRegistry.all {
            #expect(text.contains(command.usage[0]))
        }
        #expect(text.contains("usage: orders select N"))
        #expect(text.contains("usage: :net fail next|always|off"))
        #expect(text.contains("did you mean 'orders'?"))
    }

    /// `:quit` stops reading, and bare `exit` means the same.
    @Test func quitStops() throws {
        let (text, status) = try transcript(["exit", ":backends"])
        #expect(status == 0)
        #expect(!text.contains("delegate"))
    }

    /// `:compare` tabulates hops and updates per backend and says whether the screens match.
    @Test func compareTabulatesEachBackend() throws {
        let (text, status) = try transcript([":use delegate,output", "orders load", ":compare orders rename 2 Gift"])
        #expect(status == 0)
        #expect(text.contains("backend   hops  sync  queued  dropped  updates  redundant  same screen"))
        #expect(text.contains("delegate     2     2       0        0        1          0            —"))
        // The swipe's gesture, output's own `.renameRow(2)` to the view model, and its two queued deliveries.
        #expect(text.contains("output       4     2       2        0        1          0          yes"))
    }

    /// `:compare` needs several backends and a screen action.
    @Test func compareRefusesWhatItCannotCompare() throws {
        let (text, status) = try transcript([":compare orders load", ":use all", ":compare :backends"])
        #expect(status == 2)
        #expect(text.contains("nothing to compare with; try :use all"))
        #expect(text.contains("':backends' is not a screen action"))
    }

    /// In `:clock step` nothing runs by itself; `:step` runs one main-queue turn.
    @Test func stepModeRunsOneTurnAtATime() throws {
        let (text, _) = try transcript([":use output", ":clock step", "orders load", ":clock", ":step", ":clock"])
        #expect(text.contains("clock: step"))
        #expect(text.contains("0 ms, turn 0, "))  // the load's deliveries wait in the queue
        #expect(text.contains("0 ms, turn 1, "))  // one of them ran
    }

    /// `:explain` names the article and the declared differences of a backend.
    @Test func explainShowsArticleAndTraits() throws {
        let (text, status) = try transcript([":explain associated", ":explain"])
        #expect(status == 0)
        #expect(text.contains("associated — IHaveViewModel"))
        #expect(text.contains("coarse updates: "))
        #expect(text.contains("delegate — weak delegate, one method per change"))
        #expect(text.contains("declared differences: none"))
    }

    /// `:timeline` shows the last action's hops without `:trace`, and counts them by delivery.
    @Test func timelineShowsTheLastActionsHops() throws {
        let (text, status) = try transcript([":timeline", ":use delegate,output", "orders load", ":timeline"])
        #expect(status == 2)  // the first :timeline has nothing to show
        #expect(text.contains("no screen action yet"))
        #expect(text.contains("last action: orders load"))
        #expect(text.contains("delegate: 6 hops (6 sync)"))
        #expect(text.contains("output: 10 hops (10 queued)"))
        let beforeTimeline = try #require(text.components(separatedBy: "last action:").first)
        #expect(!beforeTimeline.contains("didReceive(items: 100)"), "without :trace, the load shows no hops")
    }

    /// `:trace on` lists an unordered round sorted, the same every time; `:trace raw` shows the order it really ran, which changes.
    @Test func traceRawShowsTheRealOrderOfAnUnorderedRound() throws {
        func firstListeners(_ mode: String) throws -> Set<String> {
            let searches = Array(repeating: [":reset", "movies search star wars"], count: 20).flatMap { $0 }
            let (text, _) = try transcript([":trace \(mode)"] + searches, backends: "event")
            let lines = text.split(separator: "\n").filter { $0.contains("$loading  (unordered)") }
            #expect(lines.count == 80)
            // Each round is two lines; keep who heard first.
            return Set(stride(from: 0, to: lines.count, by: 2).map { String(lines[$0]) })
        }
        #expect(try firstListeners("on") == ["  · MoviesListViewModel → ContainerView  $loading  (unordered)"])
        #expect(try firstListeners("raw").count == 2, "40 rounds, always in the same order")
    }
}
