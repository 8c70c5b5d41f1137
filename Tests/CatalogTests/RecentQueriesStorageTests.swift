import Catalog
import Domain
import Foundation
import Testing

/// A fresh directory under the system's temporary one, removed by `remove()`.
struct TemporaryDirectory {
    let path = NSTemporaryDirectory() + "bindlab-catalog-tests-\(UUID().uuidString)"

    func remove() {
        try? FileManager.default.removeItem(atPath: path)
    }
}

/// The two real storages, for tests that hold for both.
enum StorageKind: String, CaseIterable, CustomTestStringConvertible {
    case memory
    case sqlite

    var testDescription: String { rawValue }

    func make(in directory: TemporaryDirectory) throws -> any MoviesQueriesRepository {
        switch self {
        case .memory: InMemoryMoviesQueriesStorage()
        case .sqlite: try SQLiteMoviesQueriesStorage(path: directory.path + "/recent.sqlite3")
        }
    }
}

extension MoviesQueriesRepository {
    /// Saves each query in turn, failing the test on an error.
    func save(_ queries: String...) {
        for query in queries {
            var result: Result<MovieQuery, DataError>?
            saveRecentQuery(query: MovieQuery(query: query)) { result = $0 }
            #expect(result == .success(MovieQuery(query: query)))
        }
    }

    /// The recent queries' text, most recent first (completions are synchronous here).
    func recent(_ maxCount: Int = 10) throws -> [String] {
        var result: Result<[MovieQuery], DataError>?
        fetchRecentsQueries(maxCount: maxCount) { result = $0 }
        return try #require(result).get().map(\.query)
    }
}

@Suite struct RecentQueriesStorageTests {
    /// Queries come back most recent first.
    @Test(arguments: StorageKind.allCases)
    func mostRecentFirst(_ kind: StorageKind) throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let storage = try kind.make(in: directory)
        #expect(try storage.recent().isEmpty)
        storage.save("alien", "brazil", "casablanca")
        #expect(try storage.recent() == ["casablanca", "brazil", "alien"])
        #expect(try storage.recent(2) == ["casablanca", "brazil"])
        #expect(try storage.recent(0).isEmpty)
    }

    /// Saving a query already listed moves it to the front instead of listing it twice.
    @Test(arguments: StorageKind.allCases)
    func uniqueAndMovedToTheFront(_ kind: StorageKind) throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let storage = try kind.make(in: directory)
        storage.save("alien", "brazil", "casablanca", "alien")
        #expect(try storage.recent() == ["alien", "casablanca", "brazil"])
        storage.save("Alien")  // compared exactly, as in seed 004
        #expect(try storage.recent() == ["Alien", "alien", "casablanca", "brazil"])
    }

    /// At most ten queries are kept; the oldest go first.
    @Test(arguments: StorageKind.allCases)
    func boundedAtTen(_ kind: StorageKind) throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let storage = try kind.make(in: directory)
        for number in 1...12 { storage.save("q\(number)") }
        #expect(try storage.recent(50) == (3...12).reversed().map { "q\($0)" })
        storage.save("q5")
        #expect(try storage.recent(50) == ["q5"] + [12, 11, 10, 9, 8, 7, 6, 4, 3].map { "q\($0)" })
    }

    /// Queries saved in one opening of the file are there in the next, in order.
    @Test func sqliteSurvivesReopening() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path + "/nested/state/recent.sqlite3"
        do {
            let first = try SQLiteMoviesQueriesStorage(path: path)
            first.save("alien", "brazil", "alien")
        }
        let second = try SQLiteMoviesQueriesStorage(path: path)
        #expect(try second.recent() == ["alien", "brazil"])
        second.save("casablanca")
        #expect(try second.recent() == ["casablanca", "alien", "brazil"])
    }

    /// The factory opens a usable file as SQLite, without a warning.
    @Test func factoryOpensSQLite() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let (storage, warning) = openRecentQueriesStorage(path: directory.path + "/recent.sqlite3")
        #expect(warning == nil)
        #expect(storage is SQLiteMoviesQueriesStorage)
        #expect(FileManager.default.fileExists(atPath: directory.path + "/recent.sqlite3"))
    }

    /// A file of garbage bytes is not a database: the factory falls back to memory with a one-line warning saying it is damaged.
    @Test func factoryFallsBackOnADamagedFile() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        try FileManager.default.createDirectory(atPath: directory.path, withIntermediateDirectories: true)
        let path = directory.path + "/recent.sqlite3"
        let garbage = Data((0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ 13) })
        try garbage.write(to: URL(fileURLWithPath: path))

        let error = RecentQueriesStorageError.databaseNotOpened(
            path: path, problem: .damaged, reason: "\(path) is damaged (file is not a database)")
        #expect(throws: error) { try SQLiteMoviesQueriesStorage(path: path) }
        let (storage, warning) = openRecentQueriesStorage(path: path)
        #expect(storage is InMemoryMoviesQueriesStorage)
        let text = try #require(warning)
        #expect(text == Warning.damaged(path, "file is not a database"))
        #expect(!text.contains("\n"))
        storage.save("still works")
        #expect(try storage.recent() == ["still works"])
        // The damaged file is left as it was.
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == garbage)
    }

    /// A path whose directory cannot be made (a file stands in its way) falls back to memory too.
    @Test func factoryFallsBackWhenTheDirectoryCannotBeMade() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        try FileManager.default.createDirectory(atPath: directory.path, withIntermediateDirectories: true)
        try Data("a file".utf8).write(to: URL(fileURLWithPath: directory.path + "/file"))
        let path = directory.path + "/file/state/recent.sqlite3"

        #expect(throws: RecentQueriesStorageError.self) { try SQLiteMoviesQueriesStorage(path: path) }
        let (storage, warning) = openRecentQueriesStorage(path: path)
        #expect(storage is InMemoryMoviesQueriesStorage)
        #expect(warning?.contains("cannot create the directory \(directory.path)/file/state") == true)
    }

    /// A path in a place no one may write (/proc) falls back to memory.
    @Test func factoryFallsBackInAnUnwritablePlace() {
        let (storage, warning) = openRecentQueriesStorage(path: "/proc/bindlab-nowhere/recent.sqlite3")
        #expect(storage is InMemoryMoviesQueriesStorage)
        #expect(warning != nil)
    }

    /// The default file follows XDG: $XDG_STATE_HOME when absolute, else ~/.local/state.
    @Test func defaultPathFollowsXDG() {
        #expect(
            SQLiteMoviesQueriesStorage.defaultPath(environment: ["XDG_STATE_HOME": "/x/state", "HOME": "/home/u"])
                == "/x/state/bindlab/recent-queries.sqlite3")
        #expect(
            SQLiteMoviesQueriesStorage.defaultPath(environment: ["XDG_STATE_HOME": "relative", "HOME": "/home/u"])
                == "/home/u/.local/state/bindlab/recent-queries.sqlite3")
        #expect(
            SQLiteMoviesQueriesStorage.defaultPath(environment: ["HOME": "/home/u/"])
                == "/home/u/.local/state/bindlab/recent-queries.sqlite3")
        #expect(SQLiteMoviesQueriesStorage.stateDirectory(environment: ["HOME": "/root"]) == "/root/.local/state")
    }

    /// The in-memory storage can start from a list and keeps its bound.
    @Test func inMemoryStartsFromAList() throws {
        let storage = InMemoryMoviesQueriesStorage(
            maxStorageLimit: 2, queries: ["a", "b", "c"].map { MovieQuery(query: $0) })
        #expect(try storage.recent() == ["a", "b"])
        #expect(storage.queries.map(\.query) == ["a", "b"])
    }
}
