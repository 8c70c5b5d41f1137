import Foundation
import Testing

@testable import LineEditing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where history lives, and how its file is written.
@Suite struct HistoryTests {
    /// History keeps a line without the blanks at its end, except one escaped with a backslash.
    @Test func entriesDropTrailingBlanks() {
        #expect(LibEditLineEditor.historyEntry(":backends ") == ":backends")
        #expect(LibEditLineEditor.historyEntry(":use ev \t ") == ":use ev")
        #expect(LibEditLineEditor.historyEntry("orders rename 1 a\\ ") == "orders rename 1 a\\ ")
        #expect(LibEditLineEditor.historyEntry("  orders load") == "  orders load")
    }

    /// `XDG_STATE_HOME` wins when it is an absolute path.
    @Test func usesXDGStateHome() {
        let path = LibEditLineEditor.defaultHistoryPath(
            environment: ["XDG_STATE_HOME": "/state/", "HOME": "/home/ann"])
        #expect(path == "/state/bindlab/history")
    }

    /// Without it, or with an empty or relative one, history goes under HOME.
    @Test func fallsBackToHome() {
        for state in [nil, "", "relative/state"] {
            var environment = ["HOME": "/home/ann"]
            environment["XDG_STATE_HOME"] = state
            #expect(
                LibEditLineEditor.defaultHistoryPath(environment: environment)
                    == "/home/ann/.local/state/bindlab/history")
        }
    }

    /// Without HOME, the password database names the home directory.
    @Test func withoutHomeUsesThePasswordDatabase() throws {
        let path = LibEditLineEditor.defaultHistoryPath(environment: [:])
        #expect(path.hasSuffix("/.local/state/bindlab/history"))
        #expect(!path.hasPrefix("/.local"))
    }

    /// Saving creates the directories (0700) and a 0600 file holding each
    /// entered line once, adjacent repeats dropped, with no temporary files
    /// left behind.
    @Test func savesAtomicallyWithPrivateModes() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path + "/state/bindlab/history"
        do {
            let history = try #require(PersistentHistory(path: path, programName: "test"))
            for line in ["orders load 5", "orders load 5", "movies search héros", "orders load 5"] {
                history.enter(line)
            }
        }
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text.hasPrefix("_HiStOrY_V2_\n"))
        #expect(text.split(separator: "\n").count == 4)
        let manager = FileManager.default
        #expect((try manager.attributesOfItem(atPath: path)[.posixPermissions] as? Int) == 0o600)
        let folder = directory.path + "/state/bindlab"
        #expect((try manager.attributesOfItem(atPath: folder)[.posixPermissions] as? Int) == 0o700)
        #expect(try manager.contentsOfDirectory(atPath: folder) == ["history"])

        let reloaded = try #require(PersistentHistory(path: path, programName: "test"))
        reloaded.save()
        #expect(try String(contentsOfFile: path, encoding: .utf8) == text)
    }

    /// History is bounded: the oldest lines go first.
    @Test func keepsOnlyTheNewestLines() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path + "/history"
        let history = try #require(PersistentHistory(path: path, programName: "test"))
        for number in 0..<(Int(PersistentHistory.capacity) + 50) {
            history.add("line\(number)")
        }
        history.save()
        let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")
        #expect(lines.count == Int(PersistentHistory.capacity) + 1)
        #expect(lines[1] == "line50")
    }

    /// A file that is not a libedit history is never overwritten.
    @Test func leavesAForeignFileAlone() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path + "/history"
        try "my precious notes\n".write(toFile: path, atomically: false, encoding: .utf8)
        let history = try #require(PersistentHistory(path: path, programName: "test"))
        history.enter("something")
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "my precious notes\n")
    }

    /// An unwritable place costs the file, not the session: lines still enter.
    @Test func unwritableDirectoryIsSurvived() throws {
        let history = try #require(
            PersistentHistory(path: "/proc/no-such-place/bindlab/history", programName: "test"))
        history.enter("still works")
        history.save()
    }

    /// A history reached through a symbolic link is saved through it.
    @Test func savesThroughASymbolicLink() throws {
        let directory = try TemporaryDirectory()
        let target = directory.path + "/dotfiles-history"
        let link = directory.path + "/history"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
        let history = try #require(PersistentHistory(path: link, programName: "test"))
        history.enter("kept")
        #expect(
            try FileManager.default.destinationOfSymbolicLink(atPath: link) == target)
        #expect(try String(contentsOfFile: target, encoding: .utf8).contains("kept"))
    }
}

/// Issue 13: sessions sharing a history, and saves cut short.
@Suite struct SharedHistoryTests {
    /// Two sessions typing at once both keep their lines, in the order entered, whichever exits last.
    @Test func sessionsAtOnceMergeTheirLines() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path + "/history"
        do {
            let first = try #require(PersistentHistory(path: path, programName: "test"))
            let second = try #require(PersistentHistory(path: path, programName: "test"))
            first.enter("a1")
            second.enter("b1")
            first.enter("a2")
            second.enter("b2")
            first.enter("a3")
            first.save()
            second.save()
        }
        let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").dropFirst()
        #expect(Array(lines) == ["a1", "b1", "a2", "b2", "a3"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["history"])
    }

    /// Files left by saves that were killed (the fixed temporary, and the former `mkstemp` ones) are removed; other files stay.
    @Test func leftoversOfKilledSavesAreRemoved() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path + "/history"
        for name in [".history.saving", ".history.Ab3xYz", ".history.q1w2e3", ".history.notes", "keep.txt"] {
            try "_HiStOrY_V2_\nhalf".write(toFile: directory.path + "/" + name, atomically: false, encoding: .utf8)
        }
        let history = try #require(PersistentHistory(path: path, programName: "test"))
        history.enter("fresh")
        let left = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
        #expect(left == [".history.notes", "history", "keep.txt"])
    }
}

/// Issue 22: what is found at the history's names can neither hang the
/// editor nor make it write elsewhere. (A FIFO and /dev/zero, which hung the
/// start, are `HistoryTerminalTests`.)
@Suite struct HistoryFileTrustTests {
    private static let foreign = "_HiStOrY_V2_\nsecret\n"

    private func contents(_ path: String) throws -> String {
        try String(contentsOfFile: path, encoding: .utf8)
    }

    /// A hard link to another file, put at the temporary name after the start, is unlinked, not written: that file keeps its text, the history gets the line.
    @Test func aHardLinkAtTheTemporaryNameIsNotWrittenThrough() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path + "/history"
        let precious = directory.path + "/precious"
        try "my notes\n".write(toFile: precious, atomically: false, encoding: .utf8)
        let history = try #require(PersistentHistory(path: path, programName: "test"))
        try #require(link(precious, PersistentHistory.temporaryPath(for: path)) == 0)
        history.enter("orders load")
        #expect(try contents(precious) == "my notes\n")
        #expect(try contents(path) == "_HiStOrY_V2_\norders\\040load\n")
        #expect(history.warning == nil)
    }

    /// A symbolic link put at the temporary name is replaced, not followed: the save goes through and the link's target is untouched.
    @Test func aSymbolicLinkAtTheTemporaryNameIsReplaced() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path + "/history"
        let elsewhere = directory.path + "/elsewhere"
        let history = try #require(PersistentHistory(path: path, programName: "test"))
        try FileManager.default.createSymbolicLink(
            atPath: PersistentHistory.temporaryPath(for: path), withDestinationPath: elsewhere)
        history.enter("orders load")
        #expect(!FileManager.default.fileExists(atPath: elsewhere))
        #expect(try contents(path) == "_HiStOrY_V2_\norders\\040load\n")
        #expect(history.warning == nil)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["history"])
    }

    /// A symbolic link put at the history's name after the start is not read through: the save stops with one warning, and neither the link nor its target changes.
    @Test func aLinkPutAtTheNameLaterIsNotReadThrough() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path + "/history"
        let other = directory.path + "/other-history"
        try Self.foreign.write(toFile: other, atomically: false, encoding: .utf8)
        let history = try #require(PersistentHistory(path: path, programName: "test"))
        try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: other)
        history.enter("orders load")
        #expect(history.warning == "history file \(path) is a symbolic link; history is kept in memory for this run")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: path) == other)
        #expect(try contents(other) == Self.foreign)
    }

    /// A symbolic link at the history's name that another user made is followed neither to read nor to save.
    @Test func aLinkMadeByAnotherUserIsNotFollowed() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path + "/history"
        let other = directory.path + "/other-history"
        try Self.foreign.write(toFile: other, atomically: false, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: other)
        // Everything here is the test's own: trusting another user makes the link someone else's.
        let history = try #require(PersistentHistory(path: path, programName: "test", owner: getuid() &+ 1))
        history.enter("orders load")
        #expect(history.warning?.hasPrefix("history file \(path) is a symbolic link made by another user") == true)
        #expect(history.path == nil)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: path) == other)
        #expect(try contents(other) == Self.foreign)
    }

    /// A history file that belongs to another user is not read, nor replaced.
    @Test func aFileOfAnotherUserIsNotRead() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path + "/history"
        try Self.foreign.write(toFile: path, atomically: false, encoding: .utf8)
        let history = try #require(PersistentHistory(path: path, programName: "test", owner: getuid() &+ 1))
        history.enter("orders load")
        #expect(history.warning?.hasPrefix("history file \(path) belongs to another user") == true)
        #expect(try contents(path) == Self.foreign)
    }

    /// A history file over the size limit is neither read nor replaced.
    @Test func aHugeFileIsNotRead() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path + "/history"
        try "_HiStOrY_V2_\n".write(toFile: path, atomically: false, encoding: .utf8)
        let size = off_t(PersistentHistory.maximumFileSize + 1)
        try #require(truncate(path, size) == 0)  // sparse: nothing written
        let history = try #require(PersistentHistory(path: path, programName: "test"))
        history.enter("orders load")
        #expect(history.warning?.hasPrefix("history file \(path) is larger than 4 MiB") == true)
        #expect(try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int == Int(size))
    }

    /// A lock on the history's folder that another process keeps is not waited for beyond `lockPatience`: the history stays in memory.
    @Test func aLockHeldElsewhereIsNotWaitedForEver() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path + "/history"
        // Another open file description: its lock excludes ours as another process's would.
        let holder = open(directory.path, O_RDONLY | O_DIRECTORY)
        try #require(holder >= 0 && flock(holder, LOCK_EX) == 0)
        defer { close(holder) }
        let history = try #require(PersistentHistory(path: path, programName: "test"))
        history.enter("orders load")
        #expect(history.warning?.contains("is locked by another process") == true)
        #expect(!FileManager.default.fileExists(atPath: path))
    }
}
