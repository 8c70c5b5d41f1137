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
        try run.terminal.type(":use ev\t\r")
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
