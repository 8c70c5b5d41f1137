import Foundation
import Testing

/// The real `bindlab` on a pseudo-terminal, for what issue 22's new user
/// tripped over at the prompt: file names completed, and Ctrl-C stopping a
/// long command at once.
@Suite(.serialized) struct NewUserTerminalTests {
    /// Tab after `:run ` and `:record ` completes folders and session files.
    @Test func tabCompletesSessionFileNames() throws {
        let run = try DemoRun(program: "bindlab")
        let folder = run.directory.path + "/talks"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try Data("> :clock\n".utf8).write(to: URL(fileURLWithPath: folder + "/demo-one.session"))
        try Data("not a session\n".utf8).write(to: URL(fileURLWithPath: folder + "/demo-notes.txt"))
        try run.terminal.expect("bindlab(delegate)>")
        try run.terminal.type(":run \(run.directory.path)/ta\t")
        try run.terminal.expect("lks/")
        try run.terminal.type("de\t")
        try run.terminal.expect("mo-one.session ")  // the .txt is not offered, so one name is left
        try run.terminal.type("\r")
        try run.terminal.expect("clock: auto")
        try run.terminal.expect("bindlab(delegate)>")
        try run.terminal.type(":record \(folder)/demo-o\t")
        try run.terminal.expect("ne.session ")
    }

    /// Ctrl-C during `:bench` stops the bench (a child, `bindlab-bench`) at once: bindlab says so, prints no table, and the prompt answers (it came back at 17 s with full tables, issue 22). How soon is a benchmark's: `Tests/Benchmarks/interrupt_latency.py --typed ':bench'`.
    @Test func ctrlCStopsTheBench() throws {
        let run = try DemoRun(program: "bindlab", arguments: ["--backend", "all"])
        try run.terminal.expect(" backends)>")
        try run.terminal.type(":bench\r")
        // Its progress line: it is measuring. bindlab-bench is a program of its own,
        // started now: on a loaded machine its debug build takes seconds to start.
        try run.terminal.expect("bench: ", timeout: .seconds(60))
        let pressed = ContinuousClock.now
        try run.terminal.send("\u{3}")
        let shown = try run.terminal.expect("interrupted: the bench stopped before it finished", timeout: .seconds(20))
        let took = ContinuousClock.now - pressed
        #expect(took < .seconds(2), "the whole bench takes far longer: \(took)")
        #expect(!shown.contains("| case"), "no table after Ctrl-C")
        try run.terminal.type(":clock\r")
        try run.terminal.expect("clock: auto")
        try run.terminal.type("\u{4}")
        #expect(try run.terminal.waitForExit() == 0)
    }

    /// The README's tour, typed into a terminal 80 columns wide, reads cleanly end to end: no error, no line (the prompt included) wider than the terminal, the width back to the terminal's and the trace off by the end.
    @Test func theReadmeTourAt80Columns() throws {
        let readme = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("README.md")
        let text = try String(contentsOf: readme, encoding: .utf8)
        let tour = try #require(text.components(separatedBy: "## A two-minute tour").dropFirst().first)
        let block = try #require(tour.components(separatedBy: "```").dropFirst().first)
        let commands = block.split(separator: "\n").map { line in
            String(line.split(separator: "#", maxSplits: 1).first ?? "").trimmingCharacters(in: .whitespaces)
        }.filter { !$0.isEmpty }
        #expect(commands.count > 20)
        let run = try DemoRun(program: "bindlab", columns: 80)
        try run.terminal.expect("bindlab(delegate)>")
        for command in commands {
            try run.terminal.type(command + "\r")
            try run.terminal.expect(command)  // echoed as typed
            try run.terminal.expect("bindlab(", timeout: .seconds(20))  // the next prompt
        }
        try run.terminal.type(":width\r")
        try run.terminal.expect("width: 80 columns (the terminal's)")
        let lines = BindlabLayoutTerminalTests.lines(run.terminal.screen)
        #expect(BindlabLayoutTerminalTests.widest(lines) <= 80, "\(lines.filter { $0.count > 80 })")
        let errors = lines.filter { $0.hasPrefix("error:") || $0.contains("> error:") }
        #expect(errors.isEmpty, "\(errors)")
        // Between :use all and :timeline (which shows the last action's hops whatever the trace).
        let start = lines.lastIndex { $0.contains("> :use all") } ?? 0
        let end = lines.lastIndex { $0.contains("> :timeline") } ?? lines.endIndex
        let hops = lines[start..<max(start, end)].filter { $0.hasPrefix("  · ") }
        #expect(hops.isEmpty, "no hops after :trace off: \(hops.prefix(3))")
    }
}
