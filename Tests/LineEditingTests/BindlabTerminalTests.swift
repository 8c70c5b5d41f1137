import Foundation
import Testing

/// The real `bindlab` on a pseudo-terminal: the editor as the playground
/// wires it (its completion, its prompt, its history file, Ctrl-C stopping
/// the clock), checked on what the program writes.
@Suite(.serialized) struct BindlabTerminalTests {
    /// Tab completes `:bac` to `:backends`, and the command runs.
    @Test func tabCompletesACommand() throws {
        let run = try DemoRun(program: "bindlab")
        try run.terminal.expect("bindlab(delegate)>")
        try run.terminal.type(":bac\t")
        try run.terminal.expect("kends ")  // libedit redraws only what it inserted
        try run.terminal.type("\r")
        try run.terminal.expect("* delegate")
    }

    /// Tab completes a subcommand and a backend name.
    @Test func tabCompletesArguments() throws {
        let run = try DemoRun(program: "bindlab")
        try run.terminal.type(":use event-\t\r")  // `ev` is `event` or `event-enum`
        try run.terminal.expect("using event-enum")
        try run.terminal.expect("bindlab(event-enum)>")
    }

    /// The up arrow recalls the previous line; Ctrl-R finds an earlier one.
    @Test func historyKeys() throws {
        let run = try DemoRun(program: "bindlab")
        try run.terminal.type("orders load 3\r")
        try run.terminal.expect("Orders (3)")
        try run.terminal.type(":clock\r")
        try run.terminal.expect("clock: auto")
        try run.terminal.expect("bindlab(delegate)>")
        try run.terminal.type("\u{1B}[A\r")
        try run.terminal.expect("clock: auto")
        try run.terminal.expect("bindlab(delegate)>")
        try run.terminal.type("\u{12}load 3\r")
        try run.terminal.expect("[2000 ms]")  // loaded again: a pull to refresh
    }

    /// Ctrl-C drops a half-typed line and the shell goes on; Ctrl-D exits 0;
    /// the history file holds the lines entered.
    @Test func ctrlCThenCtrlD() throws {
        let run = try DemoRun(program: "bindlab")
        try run.terminal.type("orders select 1")
        try run.terminal.expect("orders select 1")
        try run.terminal.send("\u{3}")
        // Keys typed before the fresh prompt would race the signal.
        try run.terminal.expect("bindlab(delegate)>")
        try run.terminal.type(":backends\r")
        try run.terminal.expect("* delegate")
        try run.terminal.expect("bindlab(delegate)>")
        try run.terminal.type("\u{4}")  // once the editor reads again: not to the cooked terminal
        #expect(try run.terminal.waitForExit() == 0)
        let history = try String(
            contentsOfFile: run.directory.path + "/state/bindlab/history", encoding: .utf8)
        #expect(history.contains(":backends"))
        #expect(!history.contains("orders\\040select"))
    }

    /// A line completed with Tab is saved without the space completion left, so it and the same line typed out are one history entry.
    @Test func completedLineIsSavedWithoutTrailingSpace() throws {
        let run = try DemoRun(program: "bindlab")
        try run.terminal.type(":bac\t\r")
        try run.terminal.expect("* delegate")
        try run.terminal.expect("bindlab(delegate)>")
        try run.terminal.type(":backends\r")
        try run.terminal.expect("* delegate")
        try run.terminal.expect("bindlab(delegate)>")
        try run.terminal.type("\u{4}")
        #expect(try run.terminal.waitForExit() == 0)
        let history = try String(contentsOfFile: run.directory.path + "/state/bindlab/history", encoding: .utf8)
        let entries = history.split(separator: "\n").filter { $0.hasPrefix(":backends") }
        #expect(entries == [":backends"], "\(history)")
    }

    /// Non-ASCII input reaches the shell intact.
    @Test func utf8Input() throws {
        let run = try DemoRun(program: "bindlab")
        try run.terminal.type("orders load\r")
        try run.terminal.expect("Orders (100)")
        try run.terminal.type("orders rename 0 \"Café ünïcødé\"\r")
        try run.terminal.expect("Café ünïcødé #0")
    }
}

/// The real `bindlab` laying its screens out for the terminal it runs on:
/// its width asked of the terminal, and asked again after a resize.
@Suite(.serialized) struct BindlabLayoutTerminalTests {
    /// The lines of `text` between two markers, without colours and carriage returns.
    static func lines(_ text: String) -> [String] {
        // By scalars: "\r\n" is one Character.
        var plain = String.UnicodeScalarView()
        var inEscape = false
        for scalar in text.unicodeScalars where scalar != "\r" {
            if inEscape {
                if scalar.properties.isAlphabetic { inEscape = false }
            } else if scalar == "\u{1B}" {
                inEscape = true
            } else {
                plain.append(scalar)
            }
        }
        let plainText = String(plain)
        return plainText.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    /// The widest line, in columns (every character here is one column wide).
    static func widest(_ lines: [String]) -> Int { lines.map(\.count).max() ?? 0 }

    /// At 80 columns, every backend's screen is readable: rows of two screens, and no line of the screens, the trace, :compare, :timeline or the prompt (which counts the backends, issue 22) is wider than the terminal.
    @Test func everyBackendAt80Columns() throws {
        let run = try DemoRun(program: "bindlab", columns: 80)
        try run.terminal.type(":use all\r")
        try run.terminal.expect(" backends)>")  // bindlab(11 backends)>, however many there are
        try run.terminal.type(":trace on\r")
        try run.terminal.expect("trace on")
        try run.terminal.type("orders load 3\r")
        try run.terminal.expect("[1000 ms]")
        try run.terminal.expect("> ")
        try run.terminal.type(":compare orders rename 2 Gift\r")
        try run.terminal.expect("same screen")
        try run.terminal.type(":timeline\r")
        let shown = Self.lines(try run.terminal.expect("last action:") + run.terminal.expect("hops ("))
        try run.terminal.type(":width\r")
        try run.terminal.expect("width: 80 columns (the terminal's)")
        let all = Self.lines(run.terminal.screen)
        #expect(Self.widest(all) <= 80, "\(all.filter { $0.count > 80 })")
        #expect(all.contains("delegate                                event-enum"))
        #expect(all.contains { $0.hasPrefix("┌─ Orders (3) ─") && $0.count == 78 })
        #expect(shown.contains { $0.hasPrefix("delegate ") && $0.contains("├") }, "delegate's lane of marbles")
    }

    /// At 200 columns four screens share a row; after the window is narrowed to 80 (SIGWINCH), the next screens come two a row.
    @Test func followsAResize() throws {
        let run = try DemoRun(program: "bindlab", columns: 200)
        try run.terminal.type(":use delegate,event-enum,output,associated\r")
        try run.terminal.expect("using delegate")
        try run.terminal.type("orders load 3\r")
        let wide = Self.lines(try run.terminal.expect("[1000 ms]") + run.terminal.expect("bindlab("))
        #expect(wide.contains { $0.hasPrefix("delegate ") && $0.hasSuffix("associated") })
        #expect(Self.widest(wide.filter { !$0.contains("bindlab(") }) <= 200)
        #expect(Self.widest(wide) > 150, "the row is as wide as four screens")
        try run.terminal.resize(columns: 80)
        try run.terminal.type(":screen\r")
        let narrow = Self.lines(
            try run.terminal.expect("output                                  associated")
                + run.terminal.expect("bindlab("))
        #expect(narrow.contains("delegate                                event-enum"))
        #expect(Self.widest(narrow.filter { !$0.contains("bindlab(") }) <= 80)
    }

    /// One backend at 40 columns keeps its whole box, and the movies list scrolls: a swipe shows rows 10-19, and swiping to the last row loads the next page.
    @Test func oneBackendAt40ColumnsScrolls() throws {
        let run = try DemoRun(program: "bindlab", columns: 40)
        try run.terminal.type(":net latency 10ms\r")
        try run.terminal.expect("latency 10 ms")
        try run.terminal.type("movies search star\r")
        try run.terminal.expect("Page 1 of 12")
        try run.terminal.type("movies scroll\r")
        let scrolled = Self.lines(try run.terminal.expect("Page 2 of 12"))
        #expect(scrolled.contains { $0.hasPrefix("│ … 10 above") })
        #expect(scrolled.contains { $0.hasPrefix("│ 19  Starman") })
        #expect(Self.widest(scrolled.filter { !$0.contains("bindlab(") }) <= 40)
    }
}

/// `bindlab present` on a real terminal: single key presses, no Enter, no
/// echo, and the terminal as it was afterwards.
@Suite(.serialized) struct PresentTerminalTests {
    /// Space runs the next step, `b` goes back one, `q` quits with status 0.
    @Test func keysStepThroughASession() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let session = root.appendingPathComponent("Sessions/03-orders-select-back.session").path
        let run = try DemoRun(program: "bindlab", arguments: ["present", session])
        try run.terminal.expect("15 steps")
        try run.terminal.waitForEditing()
        try run.terminal.send(" ")
        try run.terminal.expect("orders load")
        try run.terminal.expect("Orders (100)")
        try run.terminal.send(" ")
        try run.terminal.expect("Details of Order #0")
        try run.terminal.send("b")
        try run.terminal.expect("back to step 2 of 15")
        try run.terminal.send("\r")
        try run.terminal.expect("orders select 0")  // the step again
        try run.terminal.send("q")
        #expect(try run.terminal.waitForExit() == 0)
        #expect(run.terminal.isCanonical)
    }
}
