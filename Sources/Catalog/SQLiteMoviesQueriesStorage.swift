internal import CSQLite
public import Domain

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
/// file is a writable database. Statements are prepared once. Completions run
/// at once, on the caller's thread; use one storage from one thread.
///
/// Through the repository protocol nothing is lost without a word: when a
/// read or a write fails after opening (a full disk, a directory that no
/// longer takes the journal, a lock held too long, a damaged page), `warn` is
/// called once with a line saying so, and from then on the queries of this
/// run are kept in memory (starting from what the file still gave) and
/// answered from there. A damaged database is never written again: it is
/// left for the user to look at. `recentQueries(maxCount:)` and `save(_:)`
/// report failures as they are.
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

    /// Told, once, that the file failed after opening; see the type's comment.
    public var warn: (String) -> Void = { _ in }
    /// What the file last gave, with this run's saves: what is answered
    /// once the file failed.
    private var shadow = InMemoryMoviesQueriesStorage()
    /// Whether the file failed: from then on `shadow` answers.
    private var degraded = false
    /// The file is damaged (SQLite says corrupt, or not a database): it is not written again.
    public private(set) var isDamaged = false
    /// SQLite's result code of the last failure.
    private var failureCode: Int32 = SQLITE_OK

    /// Opens (creating if needed) the database at `path`.
    ///
    /// - Throws: `RecentQueriesStorageError` when the directory cannot be
    ///   made, or the file is not a database or cannot be written.
    ///
    /// - Parameter busyTimeout: how long a save waits for another process's
    ///   lock on the file, in milliseconds.
    public init(
        path: String, maxStorageLimit: Int = FetchRecentMovieQueriesUseCase.maxCount, busyTimeout: Int32 = 2000
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
        sqlite3_busy_timeout(handle, busyTimeout)

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
        shadow = InMemoryMoviesQueriesStorage(
            maxStorageLimit: self.maxStorageLimit, queries: (try? recentQueries(maxCount: self.maxStorageLimit).get()) ?? [])
    }

    deinit {
        for statement in [insert, trim, select, begin, commit, rollback] { sqlite3_finalize(statement) }
        sqlite3_close_v2(database)
    }

    public func fetchRecentsQueries(
        maxCount: Int, completion: @escaping (Result<[MovieQuery], DataError>) -> Void
    ) {
        if !degraded {
            // Read in full, so that the shadow holds everything the file does.
            switch recentQueries(maxCount: maxStorageLimit) {
            case .success(let queries): shadow = InMemoryMoviesQueriesStorage(maxStorageLimit: maxStorageLimit, queries: queries)
            case .failure(let error): keepInMemory(after: error)
            }
        }
        shadow.fetchRecentsQueries(maxCount: maxCount, completion: completion)
    }

    public func saveRecentQuery(
        query: MovieQuery, completion: @escaping (Result<MovieQuery, DataError>) -> Void
    ) {
        if !isDamaged, case .failure(let error) = save(query) {
            isDamaged = Self.meansDamage(failureCode)
            if !degraded { keepInMemory(after: error) }
        }
        shadow.saveRecentQuery(query: query, completion: completion)
    }

    /// The first failure: says so, once; from now on memory answers.
    private func keepInMemory(after error: RecentQueriesStorageError) {
        isDamaged = isDamaged || Self.meansDamage(failureCode)
        degraded = true
        let reason = error.message.split(whereSeparator: \.isNewline).joined(separator: " ")
        if isDamaged {
            warn(
                "\(path) is damaged (\(reason)); it is left as it is, and recent queries are kept in memory for this run"
            )
        } else {
            warn("\(reason); recent queries are kept in memory for this run")
        }
    }

    /// Whether an SQLite result code says the file itself is damaged.
    private static func meansDamage(_ code: Int32) -> Bool {
        code & 0xFF == SQLITE_CORRUPT || code & 0xFF == SQLITE_NOTADB
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
                failureCode = sqlite3_errcode(database)
                return .failure(.statementFailed(operation: "read", reason: lastError()))
            }
        }
    }

    /// Saves `query` as the most recent one, in one transaction.
    public func save(_ query: MovieQuery) -> Result<Void, RecentQueriesStorageError> {
        guard run(begin) else {
            failureCode = sqlite3_errcode(database)
            return .failure(.statementFailed(operation: "save", reason: lastError()))
        }
        var text = query.query
        let inserted = text.withUTF8 { utf8 in
            sqlite3_bind_text(
                insert, 1, UnsafeRawPointer(utf8.baseAddress)?.assumingMemoryBound(to: CChar.self),
                Int32(utf8.count), bindlab_sqlite_transient())
            return run(insert)
        }
        sqlite3_bind_int64(trim, 1, Int64(maxStorageLimit))
        guard inserted, run(trim), run(commit) else {
            failureCode = sqlite3_errcode(database)
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
        func variable(_ name: String) -> String? {
            guard let environment else { return getenv(name).map { String(cString: $0) } }
            return environment[name]
        }
        // The XDG spec says a relative path is invalid and must be ignored.
        if let state = variable("XDG_STATE_HOME"), state.hasPrefix("/") { return state }
        let home = variable("HOME").flatMap { $0.isEmpty ? nil : $0 } ?? accountHomeDirectory()
        return (home.hasSuffix("/") ? String(home.dropLast()) : home) + "/.local/state"
    }

    /// The home directory of the user running the program, from the user
    /// database (as `NSHomeDirectory()` falls back to); `/` when it has none.
    private static func accountHomeDirectory() -> String {
        guard let account = getpwuid(getuid()), let directory = account.pointee.pw_dir else { return "/" }
        return String(cString: directory)
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
/// - Parameters:
///   - path: the database file; by default
///     `SQLiteMoviesQueriesStorage.defaultPath()`.
///   - warn: told, once, when the file fails later (see
///     `SQLiteMoviesQueriesStorage.warn`).
public func openRecentQueriesStorage(
    path: String = SQLiteMoviesQueriesStorage.defaultPath(), warn: @escaping (String) -> Void = { _ in }
) -> (storage: any MoviesQueriesRepository, warning: String?) {
    do {
        let storage = try SQLiteMoviesQueriesStorage(path: path)
        storage.warn = warn
        return (storage, nil)
    } catch {
        let reason = error.message.split(whereSeparator: \.isNewline).joined(separator: " ")
        return (InMemoryMoviesQueriesStorage(), "recent queries will not be kept after this run: \(reason)")
    }
}
