import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The libedit editor on a real pseudo-terminal, through the `linedemo`
/// program: it echoes each line as `got: <line>`, Ctrl-C as `interrupted`,
/// and says `bye` at end of input.
///
/// Serialized: each test runs a program on its own terminal, and running them
/// one at a time keeps timing-sensitive terminal handling away from a loaded
/// machine's scheduling.
@Suite(.serialized) struct LibEditLineEditorTests {
    /// Tab inserts what the candidates share, lists them when that is all,
    /// and completes a single candidate with a trailing space.
    @Test func tabCompletes() throws {
        let demo = try DemoRun()
        try demo.terminal.type(":bac\t")
        try demo.terminal.expect("kend")
        try demo.terminal.send("\t")
        try demo.terminal.expect(":backend-x")
        try demo.terminal.send("s\t\r")
        try demo.terminal.expect("got: :backends \r\n")
        try demo.terminal.type(":h\t\r")
        try demo.terminal.expect("got: :help \r\n")
    }

    /// Tab with nothing to offer leaves the line as typed.
    @Test func tabWithoutCandidatesKeepsTheLine() throws {
        let demo = try DemoRun()
        try demo.terminal.type("zzz\t\r")
        try demo.terminal.expect("got: zzz\r\n")
    }

    /// The up arrow brings back the line entered before.
    @Test func upArrowRecallsThePreviousLine() throws {
        let demo = try DemoRun()
        try demo.terminal.type("orders load 5\r")
        try demo.terminal.expect("got: orders load 5\r\n")
        try demo.terminal.type("\u{1B}[A\r")
        try demo.terminal.expect("got: orders load 5\r\n")
    }

    /// Ctrl-R searches back past more recent lines to an earlier match.
    @Test func ctrlRFindsAnEarlierLine() throws {
        let demo = try DemoRun()
        try demo.terminal.type("orders select 42\r")
        try demo.terminal.expect("got: orders select 42\r\n")
        try demo.terminal.type(":help\r")
        try demo.terminal.expect("got: :help\r\n")
        try demo.terminal.type("\u{12}select\r")
        try demo.terminal.expect("got: orders select 42\r\n")
    }

    /// Ctrl-C drops the line being typed and the editor keeps reading.
    @Test func ctrlCDropsTheLineAndGoesOn() throws {
        let demo = try DemoRun()
        try demo.terminal.type("half a line")
        try demo.terminal.expect("half a line")
        try demo.terminal.send("\u{3}")
        try demo.terminal.expect("interrupted\r\n")
        try demo.terminal.type("next\r")
        let seen = try demo.terminal.expect("got: next\r\n")
        #expect(!seen.contains("half"))
    }

    /// Ctrl-C while a command runs sets the flag the command polls, and the
    /// program carries on.
    @Test func ctrlCStopsARunningCommand() throws {
        let demo = try DemoRun()
        try demo.terminal.type("spin\r")
        try demo.terminal.expect("spinning\r\n")
        try demo.terminal.send("\u{3}")
        try demo.terminal.expect("stopped\r\n")
        try demo.terminal.type("still here\r")
        try demo.terminal.expect("got: still here\r\n")
    }

    /// Ctrl-D on an empty line ends the input and the program exits 0,
    /// leaving the terminal as it found it.
    @Test func ctrlDExitsCleanly() throws {
        let demo = try DemoRun()
        try demo.terminal.type("\u{4}")
        try demo.terminal.expect("bye")
        #expect(try demo.terminal.waitForExit() == 0)
        #expect(demo.terminal.isCanonical)
    }

    /// Lines are saved in the XDG state directory and come back in the next session.
    @Test func historyPersistsAcrossSessions() throws {
        let directory = try TemporaryDirectory()
        do {
            let first = try DemoRun(directory: directory)
            try first.terminal.type("orders load 7\r")
            try first.terminal.expect("got: orders load 7\r\n")
            try first.terminal.type("orders load 7\r")
            try first.terminal.expect("got: orders load 7\r\n")
            try first.terminal.type("movies search alien\r")
            try first.terminal.expect("got: movies search alien\r\n")
            try first.terminal.type("\u{4}")
            #expect(try first.terminal.waitForExit() == 0)
        }
        let file = directory.path + "/state/bindlab/history"
        let saved = try #require(FileManager.default.contents(atPath: file))
        let text = String(decoding: saved, as: UTF8.self)
        // libedit's format: a cookie line, then one entry a line, spaces escaped.
        #expect(text == "_HiStOrY_V2_\norders\\040load\\0407\nmovies\\040search\\040alien\n")
        let attributes = try FileManager.default.attributesOfItem(atPath: file)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)

        let second = try DemoRun(directory: directory)
        try second.terminal.type("\u{1B}[A\u{1B}[A\r")
        try second.terminal.expect("got: orders load 7\r\n")
    }

    /// Non-ASCII text survives editing even when the environment names no
    /// UTF-8 locale.
    @Test func utf8InputSurvives() throws {
        let demo = try DemoRun()
        try demo.terminal.type("café → naïve 日本語 ✓\r")
        try demo.terminal.expect("got: café → naïve 日本語 ✓\r\n")
        // Editing keys work on characters, not bytes: delete the last two.
        try demo.terminal.type("ünï\u{7F}\u{7F}\r")
        try demo.terminal.expect("got: ü\r\n")
    }

    /// A crash while libedit has the terminal raw still puts it back.
    @Test func crashRestoresTheTerminal() throws {
        let demo = try DemoRun()
        try demo.terminal.type("boom\t")
        let status = try demo.terminal.waitForExit()
        #expect(status < 0, "the demo traps in its completion provider")
        #expect(demo.terminal.isCanonical)
    }
}

/// One run of `linedemo` (or another built program, such as `bindlab`) on its
/// own terminal, with home and state in a temporary directory so no test
/// touches the user's history.
final class DemoRun {
    let terminal: PseudoTerminal
    let directory: TemporaryDirectory

    /// - Parameters:
    ///   - variables: added to (or replacing) the environment below.
    ///   - columns: the terminal's width.
    init(
        program: String = "linedemo", arguments: [String] = [], directory: TemporaryDirectory? = nil,
        variables: [String: String] = [:], columns: UInt16 = 80
    ) throws {
        let directory = try directory ?? TemporaryDirectory()
        self.directory = directory
        var environment = [
            "TERM": "xterm",
            "HOME": directory.path,
            "XDG_STATE_HOME": directory.path + "/state",
            // No ~/.editrc, and no LANG: the editor must find UTF-8 itself.
            "EDITRC": directory.path + "/no-editrc",
            "PATH": "/usr/bin:/bin",
            // A crash should end the program at once, not start the backtracer.
            "SWIFT_BACKTRACE": "enable=no",
        ]
        // Under Tests/Sanitizers/run.sh the programs are built with a
        // sanitizer too: they get the same options and suppressions.
        for name in ["ASAN_OPTIONS", "LSAN_OPTIONS", "TSAN_OPTIONS"] {
            environment[name] = ProcessInfo.processInfo.environment[name]
        }
        environment.merge(variables) { $1 }
        terminal = try PseudoTerminal(
            executable: try Self.executable(program), arguments: arguments, environment: environment,
            columns: columns)
    }

    /// A built program, beside the test bundle in the build directory.
    static func executable(_ program: String = "linedemo") throws -> String {
        if program == "linedemo", let path = ProcessInfo.processInfo.environment["LINEDEMO_PATH"] { return path }
        #if os(Linux)
            let bundle = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
        #else
            // The .xctest bundle sits in the build folder, beside the programs.
            let bundle = Bundle(for: PseudoTerminal.self).bundleURL.deletingLastPathComponent()
        #endif
        let path = bundle.appendingPathComponent(program).path
        guard FileManager.default.isExecutableFile(atPath: path) else {
            throw PseudoTerminal.Failure(
                description: "\(path) is missing: build it with `swift build --product \(program)`")
        }
        return path
    }
}

/// A directory under the system's temporary directory, removed with its
/// contents when the last reference goes.
final class TemporaryDirectory {
    let path: String

    init() throws {
        var template = Array((NSTemporaryDirectory() + "lineediting-XXXXXX").utf8CString)
        guard let made = mkdtemp(&template) else {
            throw PseudoTerminal.Failure(description: "mkdtemp failed")
        }
        path = String(cString: made)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }
}
