import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Issue 22: a history file that is not a regular file hung the start, deaf
/// to Ctrl-C and Ctrl-D — a FIFO (opening it waits for a writer) or a link
/// to /dev/zero (reading it never ends). On `linedemo`, whose history is
/// where bindlab's is: `$XDG_STATE_HOME/bindlab/history`.
@Suite(.serialized) struct HistoryTerminalTests {
    /// The history's folder in `directory`, made, and the history's path in it.
    private func historyPath(in directory: TemporaryDirectory) throws -> String {
        let folder = directory.path + "/state/bindlab"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return folder + "/history"
    }

    /// Runs `linedemo` on the history `directory` holds: the one warning
    /// `warning` starts, then the prompt; a line goes in and out, Ctrl-D
    /// ends it with status 0. Returns what it wrote.
    @discardableResult
    private func runRefusing(_ directory: TemporaryDirectory, warning: String) throws -> String {
        let demo = try DemoRun(directory: directory)
        try demo.terminal.expect(warning)
        try demo.terminal.expect("history is kept in memory for this run")
        try demo.terminal.type("orders load\r")
        try demo.terminal.expect("got: orders load\r\n")
        try demo.terminal.type("\u{1B}[A\r")  // the history in memory still works
        try demo.terminal.expect("got: orders load\r\n")
        try demo.terminal.type("\u{4}")
        #expect(try demo.terminal.waitForExit() == 0)
        let screen = demo.terminal.screen
        #expect(screen.components(separatedBy: "linedemo: ").count == 2, "one warning: \(screen.debugDescription)")
        return screen
    }

    /// A FIFO as the history file: one warning, the session goes on with its history in memory, and the FIFO stays a FIFO.
    @Test func aFIFOIsRefused() throws {
        let directory = try TemporaryDirectory()
        let path = try historyPath(in: directory)
        try #require(mkfifo(path, 0o600) == 0)
        try runRefusing(
            directory, warning: "linedemo: history file \(path) is a FIFO (a named pipe), not a regular file")
        var status = stat()
        #expect(lstat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFIFO)
    }

    /// A symbolic link to /dev/zero as the history file: one warning, the session goes on, the link stays.
    @Test func aLinkToDevZeroIsRefused() throws {
        let directory = try TemporaryDirectory()
        let path = try historyPath(in: directory)
        try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: "/dev/zero")
        try runRefusing(
            directory, warning: "linedemo: history file /dev/zero (reached through \(path)) is a character device")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: path) == "/dev/zero")
    }

    /// A FIFO planted at the temporary name of a save while the session runs does not block the save: the line is saved, the FIFO replaced.
    @Test func aFIFOAtTheTemporaryNameDoesNotBlockASave() throws {
        let directory = try TemporaryDirectory()
        let path = try historyPath(in: directory)
        let demo = try DemoRun(directory: directory)
        try demo.terminal.waitForEditing()
        try #require(mkfifo(directory.path + "/state/bindlab/.history.saving", 0o600) == 0)
        try demo.terminal.type("orders load\r")
        try demo.terminal.expect("got: orders load\r\n")
        try demo.terminal.type("\u{4}")
        #expect(try demo.terminal.waitForExit() == 0)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "_HiStOrY_V2_\norders\\040load\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path + "/state/bindlab") == ["history"])
    }
}
