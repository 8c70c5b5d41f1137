import Dispatch
import Domain
import Foundation
import Testing

@testable import Catalog

/// The lines a failing recent-queries file makes the shell print after
/// "warning: ", one a kind of failure.
enum Warning {
    static func diskFull() -> String {
        "cannot save the recent queries: the disk is full (database or disk is full); "
            + "they are kept in memory and saved once there is room"
    }

    static func readOnly(_ path: String) -> String {
        "cannot save the recent queries: \(path) is read-only (attempt to write a readonly database); "
            + "the file is still read, and new queries are kept in memory until it takes them"
    }

    static func busySaving(_ path: String) -> String {
        "cannot save the recent queries: \(path) is locked by another session (database is locked); "
            + "they are kept in memory and saved with the next search"
    }

    static func busyReading(_ path: String) -> String {
        "cannot read the recent queries: \(path) is locked by another session (database is locked); "
            + "the last ones read are listed"
    }

    static func damaged(_ path: String, _ words: String) -> String {
        "\(path) is damaged (\(words)); it is left as it is, and recent queries are kept in memory for this run"
    }
}

/// A storage used on another thread than the one that made it; the test
/// makes sure the two never use it at once.
private struct OtherThread: @unchecked Sendable {
    let storage: SQLiteMoviesQueriesStorage
}

/// Issues 13 and 22 (item 7): a database that fails says what failed in one
/// line, loses no query, and takes the ones it could not once it can.
@Suite struct RecentQueriesFailureTests {
    /// Saves that cannot reach the file (its journal cannot be made) warn once, keep the queries, and write them once the journal can be made.
    @Test func failedWritesWarnOnceAndKeepTheQueries() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path + "/recent.sqlite3"
        var warnings: [String] = []
        let storage = try SQLiteMoviesQueriesStorage(path: path, warn: { warnings.append($0) })
        storage.save("alien", "brazil")
        // A directory where the rollback journal would go: every write fails, even for root.
        try FileManager.default.createDirectory(atPath: path + "-journal", withIntermediateDirectories: false)
        storage.save("casablanca")
        storage.save("dune")
        #expect(
            warnings == [
                "cannot save the recent queries: disk I/O error (Is a directory); "
                    + "they are kept in memory and saved once the file takes them"
            ])
        #expect(try storage.recent() == ["dune", "casablanca", "brazil", "alien"])

        try FileManager.default.removeItem(atPath: path + "-journal")
        storage.save("eve")
        #expect(warnings.count == 1)
        #expect(
            try SQLiteMoviesQueriesStorage(path: path).recent() == ["eve", "dune", "casablanca", "brazil", "alien"])
    }

    /// On a full disk the save says so once, and the query waits, in order with the next ones, until there is room.
    @Test func aFullDiskKeepsTheQueriesUntilThereIsRoom() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path + "/recent.sqlite3"
        var warnings: [String] = []
        let storage = try SQLiteMoviesQueriesStorage(path: path, warn: { warnings.append($0) })
        storage.save("alien", "brazil")
        // A full disk, as SQLite's page limit makes one: not a page more
        // than the file has (the pragma rounds the 1 up to that).
        #expect(storage.executeForTesting("PRAGMA max_page_count = 1") == nil)
        let long = String(repeating: "a long query ", count: 1_000)  // 13 KB: new pages
        storage.save(long)
        storage.save("casablanca")  // would fit, but comes after the long one
        #expect(warnings == [Warning.diskFull()])
        #expect(try storage.recent() == ["casablanca", long, "brazil", "alien"])
        #expect(try SQLiteMoviesQueriesStorage(path: path).recent() == ["brazil", "alien"])

        #expect(storage.executeForTesting("PRAGMA max_page_count = 1000000") == nil)
        storage.save("dune")
        #expect(warnings.count == 1)
        let restarted = try SQLiteMoviesQueriesStorage(path: path)
        #expect(try restarted.recent() == ["dune", "casablanca", long, "brazil", "alien"])
    }

    /// The queries waiting for the file are kept as the use case keeps them: most recent first, unique, at most ten.
    @Test func waitingQueriesKeepTheUseCasesOrderAndBound() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path + "/recent.sqlite3"
        let storage = try SQLiteMoviesQueriesStorage(path: path)
        storage.save("old")
        #expect(storage.executeForTesting("PRAGMA query_only = ON") == nil)
        for number in 1...11 { storage.save("q\(number)") }
        storage.save("q5")
        let expected = ["q5", "q11", "q10", "q9", "q8", "q7", "q6", "q4", "q3", "q2"]
        #expect(try storage.recent(50) == expected)

        #expect(storage.executeForTesting("PRAGMA query_only = OFF") == nil)
        storage.save("q12")
        #expect(try SQLiteMoviesQueriesStorage(path: path).recent(50) == ["q12"] + expected.dropLast())
    }

    /// A file that may not be written (a read-only folder or file) is still read: new queries are listed in front, said once, and written when it may be written.
    @Test func aFileThatMayNotBeWrittenIsStillRead() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path + "/recent.sqlite3"
        try SQLiteMoviesQueriesStorage(path: path).save("alien", "brazil")
        var warnings: [String] = []
        let storage = try SQLiteMoviesQueriesStorage(path: path, warn: { warnings.append($0) })
        // Writes refused as in a read-only folder, by SQLite's query_only:
        // tests run as root, whom chmod does not stop.
        #expect(storage.executeForTesting("PRAGMA query_only = ON") == nil)
        #expect(try storage.recent() == ["brazil", "alien"])
        storage.save("casablanca")
        storage.save("dune")
        #expect(warnings == [Warning.readOnly(path)])
        #expect(try storage.recent() == ["dune", "casablanca", "brazil", "alien"])

        #expect(storage.executeForTesting("PRAGMA query_only = OFF") == nil)
        storage.save("eve")
        #expect(
            try SQLiteMoviesQueriesStorage(path: path).recent() == ["eve", "dune", "casablanca", "brazil", "alien"])
    }

    /// A write-protected file, which SQLite opens for reading only, lists what it holds (not "(none yet)"), and is opened for writing again once it may be written.
    @Test func aWriteProtectedFileIsListedAndWrittenOnceItMayBe() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path + "/recent.sqlite3"
        try SQLiteMoviesQueriesStorage(path: path).save("alien", "brazil")
        var warnings: [String] = []
        // Opened for reading only, as SQLite opens a file a user may not
        // write; chmod does not stop root, who runs the tests.
        let storage = try SQLiteMoviesQueriesStorage(path: path, warn: { warnings.append($0) }, readOnly: true)
        #expect(try storage.recent() == ["brazil", "alien"])
        storage.save("casablanca")
        #expect(warnings == [Warning.readOnly(path)])
        #expect(try storage.recent() == ["casablanca", "brazil", "alien"])

        storage.opensReadOnly = false  // as after `chmod u+w`
        storage.save("dune")
        #expect(warnings.count == 1)
        #expect(try SQLiteMoviesQueriesStorage(path: path).recent() == ["dune", "casablanca", "brazil", "alien"])
    }

    /// Another session holding the file locked past the busy timeout: the save says so once, and the query is written with the next save after the lock goes.
    @Test func aLockHeldByAnotherSessionDelaysTheSave() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path + "/recent.sqlite3"
        let other = try SQLiteMoviesQueriesStorage(path: path)
        var warnings: [String] = []
        let storage = try SQLiteMoviesQueriesStorage(path: path, busyTimeout: 0, warn: { warnings.append($0) })
        storage.save("alien")
        // The other session in the middle of a save: it holds the write lock.
        #expect(other.executeForTesting("BEGIN IMMEDIATE") == nil)
        storage.save("brazil")
        #expect(warnings == [Warning.busySaving(path)])
        #expect(try storage.recent() == ["brazil", "alien"])

        #expect(other.executeForTesting("COMMIT") == nil)
        storage.save("casablanca")
        #expect(warnings.count == 1)
        #expect(try other.recent() == ["casablanca", "brazil", "alien"])
    }

    /// A search while another session holds the file exclusively lists the last ones read, says so once, and reads the file again once it can.
    @Test func aLockedFileListsTheLastOnesRead() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path + "/recent.sqlite3"
        let other = try SQLiteMoviesQueriesStorage(path: path)
        var warnings: [String] = []
        let storage = try SQLiteMoviesQueriesStorage(path: path, busyTimeout: 0, warn: { warnings.append($0) })
        storage.save("alien")
        #expect(other.executeForTesting("BEGIN EXCLUSIVE") == nil)
        #expect(try storage.recent() == ["alien"])
        #expect(try storage.recent() == ["alien"])
        #expect(warnings == [Warning.busyReading(path)])

        #expect(other.executeForTesting("COMMIT") == nil)
        other.save("brazil")
        #expect(try storage.recent() == ["brazil", "alien"])
    }

    /// Two sessions on one file keep each other's queries, and a save waits for the other's save in progress instead of failing.
    @Test func twoSessionsAtOnceShareTheFile() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path + "/recent.sqlite3"
        var warnings: [String] = []
        // A timeout far longer than the other's transaction takes: the
        // save waits; nothing here is timed.
        let first = try SQLiteMoviesQueriesStorage(path: path, busyTimeout: 60_000, warn: { warnings.append($0) })
        let second = try SQLiteMoviesQueriesStorage(path: path, warn: { warnings.append($0) })
        first.save("alien")
        second.save("brazil")
        first.save("casablanca")
        #expect(try first.recent() == ["casablanca", "brazil", "alien"])
        #expect(try second.recent() == ["casablanca", "brazil", "alien"])

        #expect(second.executeForTesting("BEGIN IMMEDIATE") == nil)
        let other = OtherThread(storage: second)
        let committed = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            usleep(50_000)
            _ = other.storage.executeForTesting("COMMIT")
            committed.signal()
        }
        first.save("dune")
        committed.wait()
        #expect(warnings.isEmpty)
        #expect(try second.recent() == ["dune", "casablanca", "brazil", "alien"])
    }

    /// A damage a save finds (the index of the queries overwritten, the table still readable) is said once as damage, and the file is left alone from then on: not written, not read.
    @Test func damageFoundBySavingIsSaidOnceAndTheFileLeftAlone() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path + "/recent.sqlite3"
        try SQLiteMoviesQueriesStorage(path: path).save("alien", "brazil", "casablanca")
        let url = URL(fileURLWithPath: path)
        let good = try Data(contentsOf: url)
        // Page 3, the index on the queries' text, overwritten: a search
        // reads the table alone, a save needs the index.
        try overwrite(url, at: 8192, with: Data((0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }))
        let damaged = try Data(contentsOf: url)

        var warnings: [String] = []
        let (storage, warning) = openRecentQueriesStorage(path: path, warn: { warnings.append($0) })
        #expect(warning == nil)
        #expect(try storage.recent() == ["casablanca", "brazil", "alien"])
        storage.save("dune")
        #expect(warnings == [Warning.damaged(path, "database disk image is malformed")])
        #expect(try Data(contentsOf: url) == damaged)
        #expect((storage as? SQLiteMoviesQueriesStorage)?.isDamaged == true)

        // The file as it was before, its change counter moved on (as a
        // restored copy's would be), so that SQLite reads it afresh: a
        // storage that tried the file again would now write to it.
        var restored = good
        for offset in [24, 92] { restored[offset + 3] &+= 1 }  // the counter and its copy, big-endian
        try overwrite(url, at: 0, with: restored)
        storage.save("eve")
        #expect(try storage.recent() == ["eve", "dune", "casablanca", "brazil", "alien"])
        #expect(warnings.count == 1)
        #expect(try Data(contentsOf: url) == restored)
        // The next opening (the next run) uses the file again.
        #expect(try SQLiteMoviesQueriesStorage(path: path).recent() == ["casablanca", "brazil", "alien"])
    }

    /// A database with a damaged table is reported once, never written again, and the run's queries are kept in memory.
    @Test func aDamagedDatabaseIsReportedAndLeftAlone() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path + "/recent.sqlite3"
        try SQLiteMoviesQueriesStorage(path: path).save("alien", "brazil", "casablanca")
        // Pages 2 and 3 (the table and its index) overwritten, as `dd … seek=1 count=2 conv=notrunc` does.
        let url = URL(fileURLWithPath: path)
        try overwrite(url, at: 4096, with: Data((0..<8192).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }))
        let damaged = try Data(contentsOf: url)

        var warnings: [String] = []
        // Opening may notice (a warning from the factory) or the first read (a warning through `warn`).
        let (storage, warning) = openRecentQueriesStorage(path: path, warn: { warnings.append($0) })
        _ = try storage.recent()
        storage.save("dune")
        #expect(try storage.recent().first == "dune")
        let said = (warning.map { [$0] } ?? []) + warnings
        #expect(said == [Warning.damaged(path, "database disk image is malformed")])
        #expect(try Data(contentsOf: url) == damaged)
    }

    /// A file cut short (truncated in the middle of its table) is reported as damaged, once.
    @Test func aTruncatedDatabaseIsReportedAsDamaged() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path + "/recent.sqlite3"
        let first = try SQLiteMoviesQueriesStorage(path: path)
        for number in 1...10 { first.save(String(repeating: "\(number) ", count: 400)) }
        let handle = try FileHandle(forUpdating: URL(fileURLWithPath: path))
        try handle.truncate(atOffset: 4096 + 100)
        try handle.close()

        var warnings: [String] = []
        let (storage, warning) = openRecentQueriesStorage(path: path, warn: { warnings.append($0) })
        _ = try storage.recent()
        storage.save("dune")
        #expect(try storage.recent().first == "dune")
        let said = (warning.map { [$0] } ?? []) + warnings
        #expect(said == [Warning.damaged(path, "database disk image is malformed")])
    }

    /// SQLite's result codes, and the system's errors beneath an I/O failure, are sorted into the kinds the lines say.
    @Test(arguments: [
        (13, 0, RecentQueriesProblem.diskFull),  // SQLITE_FULL
        (10 | 3 << 8, ENOSPC, .diskFull),  // SQLITE_IOERR_WRITE on a full disk
        (14, EDQUOT, .diskFull),  // SQLITE_CANTOPEN over quota
        (11, 0, .damaged),  // SQLITE_CORRUPT
        (26, 0, .damaged),  // SQLITE_NOTADB
        (8, 0, .readOnly),  // SQLITE_READONLY
        (8 | 6 << 8, 0, .readOnly),  // SQLITE_READONLY_DIRECTORY
        (3, 0, .readOnly),  // SQLITE_PERM
        (14, EACCES, .readOnly),  // SQLITE_CANTOPEN, permission denied
        (10, EROFS, .readOnly),  // SQLITE_IOERR on a read-only file system
        (5, 0, .busy),  // SQLITE_BUSY
        (6, 0, .busy),  // SQLITE_LOCKED
        (10, EISDIR, .other),  // SQLITE_IOERR
        (1, 0, .other),  // SQLITE_ERROR
    ])
    func failuresAreSortedByKind(code: Int32, systemError: Int32, problem: RecentQueriesProblem) {
        #expect(SQLiteFailure(code: code, message: "", systemError: systemError).problem == problem)
    }

    /// A folder that may not be written is named as the folder, not as the file.
    @Test func aReadOnlyFolderIsNamed() {
        let failure = SQLiteFailure(code: SQLiteFailure.readOnlyDirectory, message: "unable to open database file")
        #expect(
            failure.reason(path: "/state/bindlab/recent.sqlite3")
                == "the folder /state/bindlab is read-only (unable to open database file)")
    }

    private func overwrite(_ url: URL, at offset: UInt64, with bytes: Data) throws {
        let handle = try FileHandle(forUpdating: url)
        try handle.seek(toOffset: offset)
        try handle.write(contentsOf: bytes)
        try handle.close()
    }
}
