import Foundation
import LineEditing
import Playground
import Testing

@testable import Shell

/// The widest line of `text`, in terminal columns.
private func widest(_ text: String) -> Int {
    text.split(separator: "\n").map { String($0).displayWidth }.max() ?? 0
}

@Suite struct LayoutTests {
    static let commands =
        ":use all; :net latency 10ms; :trace on; orders load 3; :compare orders rename 2 Gift; :timeline"

    /// Without a terminal or COLUMNS, output fits the fixed default of 80 columns, every backend's screen whole.
    @Test func pipesGetTheDefaultWidth() {
        let result = runCLI(["-c", Self.commands])
        #expect(result.status == 0)
        #expect(widest(result.text) <= 80)
        for id in BackendRegistry.inAll.map(\.info.id) {
            #expect(
                result.text.contains("\n\(id) ") || result.text.contains("\n\(id)\n")
                    || result.text.contains("\n\(id):\n"), "\(id) has its caption")
        }
        #expect(result.text.contains("Gift #2"))
    }

    /// The terminal's width comes first, then COLUMNS, then --width over both; at 200 columns four screens share a row.
    @Test func widthComesFromTheTerminalThenColumns() {
        let wide = runCLI(
            ["-c", ":use delegate,event-enum,output,associated; orders load 3"], variables: ["COLUMNS": "200"])
        #expect(
            wide.text.contains("delegate                                event-enum                              output")
        )
        #expect(widest(wide.text) <= 200)
        let terminal = runCLI(
            ["-c", ":width"], variables: ["COLUMNS": "200"], terminal: true, columns: 120)
        #expect(terminal.text.contains("width: 120 columns (the terminal's)"), "\(terminal.text)")
        let fixed = runCLI(["--width", "40", "-c", ":use all; orders load 3; :width"], variables: ["COLUMNS": "200"])
        #expect(widest(fixed.text) <= 40)
        #expect(fixed.text.contains("width: 40 columns (fixed)"))
    }

    /// One backend at 40 columns keeps its box; narrower than the narrowest box, the screen loses its side frame but no line is wider than the terminal.
    @Test func narrowTerminals() {
        let forty = runCLI(["--width", "40", "-c", "orders load 3"])
        #expect(forty.text.contains("┌─ Orders (3) ───────────────────────┐"))
        let narrow = runCLI([
            "--width", "24", "-c", ":use all; :trace on; orders load 3; :compare orders rename 2 Gift; :timeline",
        ])
        #expect(widest(narrow.text) <= 24, "\(narrow.text)")
        #expect(narrow.text.contains("─ Orders (3) ─"))
        #expect(!narrow.text.contains("┌"))
    }

    /// :width N fixes the width and lays the screens out anew; :width auto goes back to what the terminal (here: nothing) says.
    @Test func widthCommand() {
        let result = runCLI(["-c", ":use all; :width 200; :screen; :width auto; :screen; :width 5"])
        #expect(result.status == 2)
        #expect(result.text.contains("width: 200 columns (fixed)"))
        #expect(result.text.contains("width: 80 columns (the default)"))
        #expect(result.text.contains("the width must be a whole number from 20 to 1000, not '5'"))
        let lines = result.text.split(separator: "\n").map(String.init)
        #expect(lines.contains { $0.hasPrefix("delegate") && $0.contains("output-manual") }, "four in a row at 200")
        #expect(lines.contains("output                                  output-manual"), "two in a row at 80")
    }

    /// --width takes a number of columns in range; check refuses it, since a session states its own width.
    @Test func widthOption() {
        #expect(runCLI(["--width", "x"]).status == 2)
        #expect(runCLI(["--width"]).status == 2)
        #expect(runCLI(["--width=10", "-c", ":width"]).status == 2)
        #expect(runCLI(["--width=120", "-c", ":width"]).text == "width: 120 columns (fixed)\n")
        let check = runCLI(["check", "--width", "100", "x.session"])
        #expect(check.status == 2)
        #expect(check.text.contains("a session states its own with :width N"))
    }

    /// Replays ignore COLUMNS and the terminal: a session prints the same everywhere, at 80 unless it says :width.
    @Test func replaysUseTheSessionsWidth() throws {
        let folder = try TemporaryFolder()
        let file = try folder.write("w.session", "> :width\n> :width 120\n> :width\n")
        let result = runCLI(["run", file], variables: ["COLUMNS": "200"], terminal: false, columns: 150)
        #expect(result.text.contains("width: 80 columns (the default)"))
        #expect(result.text.contains("width: 120 columns (fixed"))
        let presented = runCLI(["present", "--width", "100", file], stdin: ["", "", "", "q"])
        #expect(presented.text.contains("width: 100 columns (fixed"))
    }

    /// A recording made at another width than 80 begins by setting it, so that it replays the same; stopping lets the width follow the terminal again.
    @Test func recordingStatesItsWidth() throws {
        let folder = try TemporaryFolder()
        let file = folder.path + "/wide.session"
        let output = BufferedOutput()
        let shell = Shell(output: output)
        var terminal = 200
        shell.measureColumns = { terminal }
        _ = shell.run(ScriptedLines([":record \(file)", ":use all", "orders load 3"]), name: nil)
        terminal = 60
        _ = shell.run(ScriptedLines(["orders select 1", ":record stop", ":width"]), name: nil)
        let text = try folder.read("wide.session")
        #expect(text.contains("\n> :width 200\nwidth: 200 columns (fixed)\n"))
        // Side by side: how wide each column is depends on how many backends there are.
        #expect(text.range(of: #"\ndelegate +event-enum +output"#, options: .regularExpression) != nil)
        #expect(output.text.hasSuffix("width: 60 columns (the terminal's)\n"))
        #expect(runCLI(["check", "--backend", "all", file]).status == 0)
    }
}
