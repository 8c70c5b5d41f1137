internal import CSQLite
public import Domain
internal import Foundation

#if canImport(Glibc)
    internal import Glibc
#elseif canImport(Darwin)
    internal import Darwin
#endif

/// Why the recent-queries database cannot be used.
public enum RecentQueriesStorageError: Error, Equatable, Sendable {
    /// The directory that should hold the database could not be made.
    case directoryNotCreated(path: String, reason: String)
    /// The database could not be opened or set up: damaged, not a database,
    /// read-only, or in a place that cannot be written.
    case databaseNotOpened(path: String, reason: String)
    /// A read or a write failed on a database that had opened.
    case statementFailed(operation: String, reason: String)

    /// One line a person understands.
    public var message: String {
        switch self {
        case .directoryNotCreated(let path, let reason): "cannot create the directory \(path): \(reason)"
        case .databaseNotOpened(let path, let reason): "cannot open \(path): \(reason)"
        case .statementFailed(let operation, let reason): "cannot \(operation) the recent queries: \(reason)"
        }
    }
}

/// Recent queries kept in an SQLite file, so that they survive restarts.
///
/// Seed 004's semantics, as `InMemoryMoviesQueriesStorage`: most recent
/// first, unique (compared exactly), at most `maxStorageLimit` kept. Opening
/// creates the file's directory and the table if needed and checks that the
/// file is a writable database; after that, a failing read or write is
/// answered as `DataError.failed`, never a crash. Statements are prepared
/// once. Completions run at once, on the caller's thread; use one storage
/// from one thread.
///
/// Most callers want `openRecentQueriesStorage(path:)`, which falls back to
/// memory when the file cannot be used.
public final class SQLiteMoviesQueriesStorage: MoviesQueriesRepository {
    /// The database file.
    public let path: String
    /// How many queries are kept.
    public let maxStorageLimit: Int

    private let database: OpaquePointer
    private let insert: OpaquePointer
    private let trim: OpaquePointer
    private let select: OpaquePointer
    private let begin: OpaquePointer
    private let commit: OpaquePointer
    private let rollback: OpaquePointer

    /// Opens (creating if needed) the database at `path`.
    ///
    /// - Throws: `RecentQueriesStorageError` when the directory cannot be
    ///   made, or the file is not a database or cannot be written.
    public init(
        path: String, maxStorageLimit: Int = FetchRecentMovieQueriesUseCase.maxCount
    ) throws(RecentQueriesStorageError) {
        self.path = path
        self.maxStorageLimit = max(0, maxStorageLimit)
        try Self.createParentDirectory(of: path)

        var handle: OpaquePointer?
        let flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE
        guard sqlite3_open_v2(path, &handle, flags, nil) == SQLITE_OK, let handle else {
            let reason = handle.map { String(cString: sqlite3_errmsg($0)) } ?? "out of memory"
            sqlite3_close_v2(handle)
            throw .databaseNotOpened(path: path, reason: reason)
        }
        // Another bindlab saving at the same moment waits rather than fails.
        sqlite3_busy_timeout(handle, 2000)

        func fail(_ reason: String) -> RecentQueriesStorageError {
            sqlite3_close_v2(handle)
            return .databaseNotOpened(path: path, reason: reason)
        }
        // The first statement reads the file: a damaged one fails here.
        let schema = """
            CREATE TABLE IF NOT EXISTS recent_queries (
                query TEXT PRIMARY KEY NOT NULL,
                sequence INTEGER NOT NULL
            )
            """
        guard sqlite3_exec(handle, schema, nil, nil, nil) == SQLITE_OK else {
            throw fail(String(cString: sqlite3_errmsg(handle)))
        }
        guard sqlite3_db_readonly(handle, "main") != 1 else { throw fail("the file is read-only") }

        var prepared: [OpaquePointer] = []
        func prepare(_ sql: String) throws(RecentQueriesStorageError) -> OpaquePointer {
            var statement: OpaquePointer?
            guard sqlite3_prepare_v3(handle, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &statement, nil) == SQLITE_OK,
                let statement
            else {
                let reason = String(cString: sqlite3_errmsg(handle))
                prepared.forEach { sqlite3_finalize($0) }
                throw fail(reason)
            }
            prepared.append(statement)
            return statement
        }
        // The newest query gets the next sequence number; saving one already
        // listed replaces its row, which moves it to the front.
        insert = try prepare(
            """
            INSERT OR REPLACE INTO recent_queries (query, sequence)
            VALUES (?1, (SELECT IFNULL(MAX(sequence), 0) + 1 FROM recent_queries))
            """)
        // Keeps the ?1 most recent rows.
        trim = try prepare(
            """
            DELETE FROM recent_queries WHERE sequence <=
                (SELECT sequence FROM recent_queries ORDER BY sequence DESC LIMIT 1 OFFSET ?1)
            """)
        select = try prepare("SELECT query FROM recent_queries ORDER BY sequence DESC LIMIT ?1")
        begin = try prepare("BEGIN IMMEDIATE")
        commit = try prepare("COMMIT")
        rollback = try prepare("ROLLBACK")
        database = handle
    }

    deinit {
        for statement in [insert, trim, select, begin, commit, rollback] { sqlite3_finalize(statement) }
        sqlite3_close_v2(database)
    }

    public func fetchRecentsQueries(
        maxCount: Int, completion: @escaping (Result<[MovieQuery], DataError>) -> Void
    ) {
        completion(recentQueries(maxCount: maxCount).mapError { .failed(reason: $0.message) })
    }

    public func saveRecentQuery(
        query: MovieQuery, completion: @escaping (Result<MovieQuery, DataError>) -> Void
    ) {
        completion(save(query).map { query }.mapError { .failed(reason: $0.message) })
    }

    /// The most recent queries first, at most `maxCount`.
    public func recentQueries(maxCount: Int) -> Result<[MovieQuery], RecentQueriesStorageError> {
        guard maxCount > 0 else { return .success([]) }
        defer { sqlite3_reset(select) }
        sqlite3_bind_int64(select, 1, Int64(min(maxCount, maxStorageLimit)))
        var queries: [MovieQuery] = []
        while true {
            switch sqlite3_step(select) {
            case SQLITE_ROW:
                let count = Int(sqlite3_column_bytes(select, 0))
                let text = sqlite3_column_text(select, 0).map {
                    String(decoding: UnsafeBufferPointer(start: $0, count: count), as: UTF8.self)
                }
                queries.append(MovieQuery(query: text ?? ""))
            case SQLITE_DONE:
                return .success(queries)
            default:
                return .failure(.statementFailed(operation: "read", reason: lastError()))
            }
        }
    }

    /// Saves `query` as the most recent one, in one transaction.
    public func save(_ query: MovieQuery) -> Result<Void, RecentQueriesStorageError> {
        guard run(begin) else { return .failure(.statementFailed(operation: "save", reason: lastError())) }
        var text = query.query
        let inserted = text.withUTF8 { utf8 in
            sqlite3_bind_text(
                insert, 1, UnsafeRawPointer(utf8.baseAddress)?.assumingMemoryBound(to: CChar.self),
                Int32(utf8.count), bindlab_sqlite_transient())
            return run(insert)
        }
        sqlite3_bind_int64(trim, 1, Int64(maxStorageLimit))
        guard inserted, run(trim), run(commit) else {
            let reason = lastError()
            run(rollback)
            return .failure(.statementFailed(operation: "save", reason: reason))
        }
        return .success(())
    }

    /// Steps a statement that returns no rows, then resets it.
    @discardableResult
    private func run(_ statement: OpaquePointer) -> Bool {
        defer {
            sqlite3_reset(statement)
            sqlite3_clear_bindings(statement)
        }
        return sqlite3_step(statement) == SQLITE_DONE
    }

    private func lastError() -> String {
        String(cString: sqlite3_errmsg(database))
    }

    // MARK: Where the file lives

    /// The XDG state directory: `$XDG_STATE_HOME` when set to an absolute
    /// path, else `$HOME/.local/state`.
    ///
    /// - Parameter environment: the variables to read; nil reads the process's.
    public static func stateDirectory(environment: [String: String]? = nil) -> String {
        let environment = environment ?? ProcessInfo.processInfo.environment
        // The XDG spec says a relative path is invalid and must be ignored.
        if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") { return state }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        return (home.hasSuffix("/") ? String(home.dropLast()) : home) + "/.local/state"
    }

    /// Where bindlab keeps recent queries by default:
    /// `<state directory>/bindlab/recent-queries.sqlite3`.
    ///
    /// - Parameter environment: the variables to read; nil reads the process's.
    public static func defaultPath(environment: [String: String]? = nil) -> String {
        let directory = stateDirectory(environment: environment)
        return (directory.hasSuffix("/") ? String(directory.dropLast()) : directory)
            + "/bindlab/recent-queries.sqlite3"
    }

    /// Creates the directories above `path` that are missing (user-only
    /// permissions, as XDG asks of the state directory).
    private static func createParentDirectory(of path: String) throws(RecentQueriesStorageError) {
        guard let slash = path.lastIndex(of: "/"), slash != path.startIndex else { return }
        let parent = String(path[..<slash])
        var prefix = parent.hasPrefix("/") ? "" : "."
        for component in parent.split(separator: "/") {
            prefix += "/" + component
            if mkdir(prefix, 0o700) == 0 { continue }
            let code = errno
            var status = stat()
            if code == EEXIST, stat(prefix, &status) == 0, (status.st_mode & S_IFMT) == S_IFDIR { continue }
            let reason = code == EEXIST ? "\(prefix) is not a directory" : String(cString: strerror(code))
            throw .directoryNotCreated(path: parent, reason: reason)
        }
    }
}

/// Opens the recent-queries storage for the playground: the SQLite file at
/// `path`, or, when that file cannot be used (damaged, unwritable, in a
/// directory that cannot be made), an in-memory storage and a one-line
/// warning saying why, for the shell to show once.
///
/// - Parameter path: the database file; by default
///   `SQLiteMoviesQueriesStorage.defaultPath()`.
public func openRecentQueriesStorage(
    path: String = SQLiteMoviesQueriesStorage.defaultPath()
) -> (storage: any MoviesQueriesRepository, warning: String?) {
    do {
        return (try SQLiteMoviesQueriesStorage(path: path), nil)
    } catch {
        let reason = error.message.split(whereSeparator: \.isNewline).joined(separator: " ")
        return (InMemoryMoviesQueriesStorage(), "recent queries will not be kept after this run: \(reason)")
    }
}
