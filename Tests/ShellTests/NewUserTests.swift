import BindingKit
import Foundation
import LineEditing
import Playground
import Testing

@testable import Shell

/// What issue 22's new user tripped over, that needs no terminal.
@Suite struct NewUserTests {
    /// `orders select 3` on a fresh start opens the list, lets it load, then taps row 3: no error that the screen contradicts.
    @Test func aRowActionOnAFreshStartWaitsForTheLoad() throws {
        for line in ["orders select 3", "orders rename 3 Gift", "orders remove 3", "orders scroll"] {
            let (text, status) = try transcript([line])
            #expect(status == 0, "\(line): \(text)")
            #expect(!text.contains("error"), "\(line): \(text)")
            #expect(text.contains("[1000 ms]"), "\(line): acted once the rows came: \(text)")
        }
        let (selected, _) = try transcript(["orders select 3"])
        #expect(selected.contains("Details of Order #3"))
        // Where the clock cannot bring the rows, the line says why, not that the list is empty.
        let (manual, status) = try transcript([":clock manual", "orders select 3"])
        #expect(status == 2)
        #expect(manual.contains("error: the list is still loading: no rows yet (:wait lets its answer arrive)"))
        #expect(!manual.contains("the list is empty"))
    }

    /// An error inside `:run FILE` is said at `FILE:LINE` and fails the script that ran it, from `-c` and from a pipe.
    @Test func errorsInsideRunAreLocatedAndFailTheScript() throws {
        let folder = try TemporaryFolder()
        let file = try folder.write("bad.session", "> orders load 3\n> orders select 9\n> :clock\n")
        let viaC = runCLI(["-c", ":run \(file)"])
        #expect(viaC.status == 2, "\(viaC.text)")
        #expect(viaC.text.contains("\(file):2: error: no row 9: the list has rows 0…2"), "\(viaC.text)")
        #expect(viaC.text.contains("clock: auto"), "the rest still runs")
        #expect(!viaC.text.contains("errors in"), "nothing more than the located line")
        let viaPipe = runCLI([], stdin: [":run \(file)"])
        #expect(viaPipe.status == 2)
        #expect(viaPipe.text.contains("\(file):2: error: no row 9"))
    }

    /// A step that fails on some backends only is an error, on stderr, naming them, and fails the script, as it would on that backend alone.
    @Test func aFailureOnSomeBackendsFailsTheLine() throws {
        let output = SeparateStreams()
        let shell = Shell(backends: try BackendRegistry.resolve("delegate,output"), output: output)
        try shell.execute(":clock step")
        try shell.execute("orders load")
        for _ in 0..<20 where !shell.playground.lanes[0].render().joined().contains("Orders (100)") {
            try shell.execute(":step")
        }
        #expect(shell.playground.lanes[0].render().joined().contains("Orders (100)"))
        #expect(!shell.playground.lanes[1].render().joined().contains("Orders (100)"))
        output.standard = ""
        #expect(shell.run(ScriptedLines(["orders select 3"]), name: "script") == .failure)
        #expect(
            output.error.contains("script:1: error: on output: the list is still loading"), "\(output.error)")
        #expect(output.standard.contains("Details of Order #3"), "what the others did is shown")
        #expect(!output.standard.contains("error"))
    }

    /// With several backends, `:step` never shows time going back: a lane waits while another runs the turns due before.
    @Test func stepsOfSeveralBackendsKeepTimeInOrder() throws {
        let (text, _) = try transcript(
            [":clock step", "orders load"] + Array(repeating: ":step", count: 16), backends: "delegate,output")
        let times = text.split(separator: "\n").compactMap { line -> Int? in
            guard line.hasPrefix("["), line.hasSuffix(" ms]") else { return nil }
            return Int(line.dropFirst().dropLast(4))
        }
        #expect(times.count > 3)
        #expect(times == times.sorted(), "\(times)")
    }

    /// With every backend in use the prompt counts them, short enough for 80 columns; a few are still named.
    @Test func thePromptStaysShort() throws {
        let all = Shell(backends: BackendRegistry.all, output: BufferedOutput())
        #expect(all.prompt == "bindlab(\(BackendRegistry.all.count) backends)> ")
        let two = Shell(backends: try BackendRegistry.resolve("delegate,output"), output: BufferedOutput())
        #expect(two.prompt == "bindlab(delegate,output)> ")
    }

    /// `:backends`, `:explain` of every backend and `present`'s first line fit 80 columns.
    @Test func listingsFitEightyColumns() throws {
        let (text, status) = try transcript(
            [":backends", ":explain all"] + BackendRegistry.ids.map { ":explain \($0)" })
        #expect(status == 0 || text.contains("unknown backend 'all'"))
        let wide = text.split(separator: "\n").filter { String($0).displayWidth > 80 }
        #expect(wide.isEmpty, "\(wide)")
        for file in try SessionFiles.sessions(in: "Sessions") {
            let shown = runCLI(["present", file], stdin: ["q"]).text
            let header = shown.split(separator: "\n").prefix(2).filter { String($0).displayWidth > 80 }
            #expect(header.isEmpty, "\(file): \(header)")
        }
    }

    /// `-c` reports an open quote as a pipe does: at its line, after the commands before it, with no usage block.
    @Test func anOpenQuoteInDashCIsReportedAsInAPipe() {
        let viaC = runCLI(["-c", "orders load 2; orders rename 1 \"abc; :clock"])
        #expect(viaC.status == 2)
        #expect(viaC.text.contains("Orders (2)"), "the command before it ran")
        #expect(
            viaC.text.hasSuffix("-c:2: error: unbalanced \" quote: close it or escape it with \\\n"), "\(viaC.text)")
        #expect(!viaC.text.contains("usage:"))
        let viaPipe = runCLI([], stdin: ["orders load 2", "orders rename 1 \"abc; :clock"])
        #expect(viaPipe.text.hasSuffix("<stdin>:2: error: unbalanced \" quote: close it or escape it with \\\n"))
    }

    /// A row must be a whole number from 0: the message names no bound nobody types.
    @Test func aNegativeRowNamesNoHugeBound() throws {
        let (text, _) = try transcript(["orders load 2", "orders select -1"])
        #expect(text.contains("error: the row must be a whole number from 0 up, not '-1' (usage: orders select N)"))
        #expect(!text.contains("2147483647"))
    }

    /// Search with nothing typed says why nothing happens.
    @Test func searchingNothingSaysSo() throws {
        let (text, status) = try transcript(["movies search"])
        #expect(status == 2)
        #expect(text.contains("error: nothing is typed in the search field to search for; try: movies search QUERY"))
    }

    /// Tab after `:run` offers folders and `.session` files, as typed; `:record` offers `stop` too.
    @Test func fileArgumentsComplete() throws {
        let folder = try TemporaryFolder()
        try folder.write("a.session", "> :clock\n")
        try folder.write("b.txt", "x")
        try FileManager.default.createDirectory(atPath: folder.path + "/sub", withIntermediateDirectories: false)
        let completion = ShellCompletion()
        #expect(
            completion.completions(for: ":run \(folder.path)/") == ["\(folder.path)/a.session", "\(folder.path)/sub/"])
        #expect(completion.completions(for: ":record \(folder.path)/a") == ["\(folder.path)/a.session"])
        #expect(completion.completions(for: ":record st") == ["stop"])
    }

    /// `:compare` sets every screen of the action beside the first backend's, not only the last: a spinner one backend never shows is NO, and one line says what differs.
    @Test func compareLooksAtEveryScreenOfTheAction() throws {
        let (text, _) = try transcript([":compare movies search love"], backends: "delegate,observable-article")
        let lines = text.split(separator: "\n").map(String.init)
        let row = try #require(lines.first { $0.hasPrefix("observable-article ") })
        #expect(row.hasSuffix("NO"), "\(row)")
        #expect(
            lines.contains("observable-article: at 0 ms: '⌕ love' where delegate shows '⟳ Loading…'"),
            "\(lines.suffix(3))")
        let (same, _) = try transcript([":compare orders load"], backends: "delegate,event-enum")
        #expect(same.split(separator: "\n").contains { $0.hasPrefix("event-enum ") && $0.hasSuffix("yes") })
    }

    /// What differs between two histories of screens, in one line: a screen missing, one extra, one drawn otherwise, one drawn later.
    @Test func screenHistoriesSayWhatDiffers() {
        let loading = ["┌─ Orders ─┐", "│ ⟳ Loading… │", "└──────────┘"]
        let rows = ["┌─ Orders (2) ─┐", "│ 0  Order #0 │", "└──────────┘"]
        let other = ["┌─ Orders (2) ─┐", "│ 0  Gift #0 │", "└──────────┘"]
        func history(_ screens: [(Int, [String])]) -> ScreenHistory {
            ScreenHistory(screens: screens.map { ScreenHistory.Shown(time: $0.0, lines: $0.1) })
        }
        let base = history([(0, loading), (1000, rows)])
        #expect(history([(0, loading), (1000, rows)]).difference(from: base, named: "delegate") == nil)
        #expect(
            history([(1000, rows)]).difference(from: base, named: "delegate")
                == "never shows delegate's screen at 0 ms ('⟳ Loading…')")
        #expect(
            history([(0, loading), (0, other), (1000, rows)]).difference(from: base, named: "delegate")
                == "shows a screen delegate never shows, at 0 ms ('0  Gift #0')")
        #expect(
            history([(0, loading), (1000, other)]).difference(from: base, named: "delegate")
                == "at 1000 ms: '0  Gift #0' where delegate shows '0  Order #0'")
        #expect(
            history([(0, loading), (2000, rows)]).difference(from: base, named: "delegate")
                == "the same screen at 2000 ms where delegate shows it at 1000 ms")
    }

    /// The README's first table names every backend, with its article's year, before anything else is said at length.
    @Test func theReadmeTableNamesEveryBackend() throws {
        let readme = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("README.md")
        let text = try String(contentsOf: readme, encoding: .utf8)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let table = lines.prefix(40).filter { $0.hasPrefix("| ") && !$0.hasPrefix("| backend ") }
        for backend in BackendRegistry.all {
            let row = table.first { $0.contains("`\(backend.info.id)`") }
            #expect(row?.hasSuffix("| \(backend.info.year) |") == true, "\(backend.info.id): \(row ?? "no row")")
        }
        #expect(text.prefix(4000).contains("Where to start reading"))
    }
}
