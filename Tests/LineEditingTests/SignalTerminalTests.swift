import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Issue 13 on a real terminal: signals never leave the terminal raw, a
/// fatal one ends the process with its status, Ctrl-C stops a long command,
/// and a Ctrl-D typed while one runs is not lost.
@Suite(.serialized) struct SignalTerminalTests {
    /// A command that runs long enough to type into: a million orders, or
    /// twenty thousand under a sanitizer (Tests/Sanitizers/run.sh), whose
    /// build is tens of times slower.
    static let orders = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "__asan_init") == nil ? 1_000_000 : 20_000
    static let longLoad = "orders load \(orders)"

    static let sessions = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Sessions").path

    /// `present` killed with TERM, HUP or QUIT while its keys are raw ends with that signal and the terminal canonical again.
    @Test(arguments: [SIGTERM, SIGHUP, SIGQUIT])
    func presentRestoresTheTerminalWhenKilled(signal: Int32) throws {
        let run = try DemoRun(program: "bindlab", arguments: ["present", Self.sessions + "/01-tour.session"])
        try run.terminal.expect("steps")
        try run.terminal.waitForEditing()
        try run.terminal.send(" ")
        try run.terminal.expect("[1000 ms]")
        #expect(!run.terminal.isCanonical)
        kill(run.terminal.pid, signal)
        #expect(try run.terminal.waitForExit() == -signal)
        #expect(run.terminal.isCanonical)
        try run.terminal.expect("bindlab: ended by a signal: ")
    }

    /// A SIGINT sent to `present` with `kill` quits it like Ctrl-C does: status 0, terminal restored.
    @Test func presentQuitsOnSIGINT() throws {
        let run = try DemoRun(program: "bindlab", arguments: ["present", Self.sessions + "/01-tour.session"])
        try run.terminal.expect("steps")
        try run.terminal.waitForEditing()
        kill(run.terminal.pid, SIGINT)
        #expect(try run.terminal.waitForExit() == 0)
        #expect(run.terminal.isCanonical)
    }

    /// After a SIGTSTP (here discarded by the kernel: the test's terminal has no job control) `present` still reads raw keys and restores the terminal at the end.
    @Test func presentKeepsWorkingAfterSIGTSTP() throws {
        let run = try DemoRun(program: "bindlab", arguments: ["present", Self.sessions + "/01-tour.session"])
        try run.terminal.expect("steps")
        try run.terminal.waitForEditing()
        kill(run.terminal.pid, SIGTSTP)
        try run.terminal.waitForEditing()
        try run.terminal.send(" ")
        try run.terminal.expect("[1000 ms]")
        try run.terminal.send("q")
        #expect(try run.terminal.waitForExit() == 0)
        #expect(run.terminal.isCanonical)
    }

    /// A fatal signal at the prompt, with Swift's backtracer on, ends the shell promptly with that signal, one line, and the terminal restored.
    @Test(arguments: [SIGSEGV, SIGABRT, SIGQUIT, SIGBUS])
    func fatalSignalEndsTheShell(signal: Int32) throws {
        let run = try DemoRun(program: "bindlab", variables: ["SWIFT_BACKTRACE": "enable=yes,interactive=yes"])
        try run.terminal.expect("bindlab(delegate)>")
        try run.terminal.waitForEditing()
        kill(run.terminal.pid, signal)
        // Far below the backtracer's 30-second wait for a key.
        #expect(try run.terminal.waitForExit(timeout: .seconds(5)) == -signal)
        #expect(run.terminal.isCanonical)
        try run.terminal.expect("bindlab: ended by a signal: ")
        #expect(!run.terminal.screen.contains("Crash"), "the backtracer did not run")
    }

    /// Ctrl-C stops a `:run` of long loads on every backend: `interrupted`, the script abandoned, the prompt back and working.
    @Test func ctrlCStopsALongScript() throws {
        let folder = try TemporaryDirectory()
        let script = folder.path + "/long.session"
        // 4000 lines: a load after the first (which makes the orders) takes
        // a few milliseconds on every lane, so that 40 could end before the press.
        try String(repeating: "> \(Self.longLoad)\n", count: 4000).write(
            toFile: script, atomically: true, encoding: .utf8)
        let run = try DemoRun(program: "bindlab", arguments: ["--backend", "all"])
        try run.terminal.type(":run \(script)\r")
        try run.terminal.expect(Self.longLoad)
        try run.terminal.send("\u{3}")
        // The script would outlast the press by seconds.
        try run.terminal.expect("interrupted", timeout: .seconds(20))
        try run.terminal.expect("abandoned before its line")
        try run.terminal.type(":clock\r")
        try run.terminal.expect("clock: auto")
        // The playground goes on: a load on every lane replaces what the cut one left.
        try run.terminal.type("orders load 3\r")
        try run.terminal.expect("orders load 3")  // as typed
        let shown = try run.terminal.expect("bindlab(", timeout: .seconds(20))
        #expect(shown.contains("Orders (3)"))
        #expect(!shown.contains("interrupted"), "the flag was cleared when the prompt read the line")
        try run.terminal.type("\u{4}")
        #expect(try run.terminal.waitForExit() == 0)
    }

    /// Ctrl-C while `check --backend all` replays its sessions on several threads ends it at once
    /// (issue 22, item 16): by SIGINT, nothing printed, the terminal as it was.
    @Test func ctrlCStopsAParallelCheck() throws {
        let folder = try TemporaryDirectory()
        let session = folder.path + "/long.session"
        // Far longer than the press: many loads, on every backend.
        try String(repeating: "> orders load 100000\n...\n", count: 2000).write(
            toFile: session, atomically: true, encoding: .utf8)
        let run = try DemoRun(program: "bindlab", arguments: ["check", "--backend", "all", session])
        // The checks run on more than the main thread.
        let deadline = ContinuousClock.now + .seconds(20)
        while threads(of: run.terminal.pid) < 2, ContinuousClock.now < deadline { usleep(5000) }
        #expect(threads(of: run.terminal.pid) >= 2)
        usleep(300_000)  // well into the checks, far from their end
        try run.terminal.send("\u{3}")
        #expect(try run.terminal.waitForExit(timeout: .seconds(5)) == -SIGINT)
        #expect(run.terminal.isCanonical)
        #expect(!run.terminal.screen.contains("passed,"))
    }

    /// How many threads the process `pid` has (`/proc/PID/task`); 0 when it is gone.
    private func threads(of pid: pid_t) -> Int {
        (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task").count) ?? 0
    }

    /// A Ctrl-D typed while a command still runs ends the shell once the command is done.
    @Test func ctrlDWhileACommandRunsIsKept() throws {
        let run = try DemoRun(program: "bindlab")
        try run.terminal.type(Self.longLoad + "\r")
        // The editor gave the terminal back: the command runs, the terminal is canonical.
        try waitUntilCanonical(run.terminal)
        try run.terminal.send("\u{4}")
        #expect(try run.terminal.waitForExit(timeout: .seconds(20)) == 0)
    }

    /// A line typed while a command runs is run next, shown after the prompt.
    @Test func lineTypedAheadRunsNext() throws {
        let run = try DemoRun(program: "bindlab")
        try run.terminal.type(Self.longLoad + "\r")
        try waitUntilCanonical(run.terminal)
        try run.terminal.send(":clock\r")
        try run.terminal.expect("\(Self.orders - 10) more", timeout: .seconds(20))
        try run.terminal.expect("clock: auto")
        try run.terminal.type("\u{4}")
        #expect(try run.terminal.waitForExit() == 0)
    }

    /// Two shells on one state directory, typing in turn: after both exit, the history holds all five lines in order.
    @Test func twoShellsKeepEachOthersHistory() throws {
        let shared = try TemporaryDirectory()
        let first = try DemoRun(program: "bindlab", directory: shared)
        let second = try DemoRun(program: "bindlab", directory: shared)
        let turns = [
            (first, ":clock", "clock: auto"), (second, ":net", "network: latency"), (first, ":backends", "* delegate"),
            (second, ":trace on", "trace on"), (first, ":alive", "total live"),
        ]
        for (run, line, answer) in turns {
            try run.terminal.type(line + "\r")
            try run.terminal.expect(answer)  // the line was saved before it ran
        }
        try first.terminal.type("\u{4}")
        #expect(try first.terminal.waitForExit() == 0)
        try second.terminal.type("\u{4}")
        #expect(try second.terminal.waitForExit() == 0)
        let history = try String(contentsOfFile: shared.path + "/state/bindlab/history", encoding: .utf8)
        // libedit's file encodes a space as \040.
        #expect(
            history.split(separator: "\n").dropFirst() == [":clock", ":net", ":backends", ":trace\\040on", ":alive"])
    }

    private func waitUntilCanonical(_ terminal: PseudoTerminal) throws {
        let deadline = ContinuousClock.now + .seconds(10)
        while !terminal.isCanonical {
            guard ContinuousClock.now < deadline else {
                throw PseudoTerminal.Failure(description: "the editor never gave the terminal back")
            }
            usleep(1000)
        }
    }
}
