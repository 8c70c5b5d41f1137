internal import CSQLite
internal import Domain

#if canImport(Glibc)
    internal import Glibc
#elseif canImport(Darwin)
    internal import Darwin
#endif

/// What SQLite said when a call failed, read right after that call.
///
/// SQLite keeps one error per connection, and the next call on it replaces
/// that error: `sqlite3_reset`, a rollback, even binding a parameter of
/// another statement sets it back to "not an error". So a failure is read at
/// once, before anything else is called on the connection.
struct SQLiteFailure: Error, Equatable, Sendable {
    /// The extended result code (`SQLITE_READONLY_DIRECTORY`, not just `SQLITE_READONLY`).
    let code: Int32
    /// SQLite's own words ("database or disk is full").
    let message: String
    /// The system's `errno` beneath an open or I/O failure; 0 when there is none.
    let systemError: Int32

    /// `SQLITE_READONLY_DIRECTORY`, which Swift does not import: the folder
    /// may not be written, so the journal (or a new file) cannot be made.
    static let readOnlyDirectory = SQLITE_READONLY | (6 << 8)

    init(code: Int32, message: String, systemError: Int32 = 0) {
        self.code = code
        self.message = message
        self.systemError = systemError
    }

    /// The failure of the call just made on `handle`.
    init(of handle: OpaquePointer) {
        code = sqlite3_extended_errcode(handle)
        message = String(cString: sqlite3_errmsg(handle))
        // SQLite sets the system error only for these two codes: for any
        // other it may be left from an earlier failure.
        let primary = code & 0xFF
        systemError = primary == SQLITE_CANTOPEN || primary == SQLITE_IOERR ? sqlite3_system_errno(handle) : 0
    }

    /// What kind of failure it is, which decides what the storage does next.
    var problem: RecentQueriesProblem {
        switch code & 0xFF {
        case SQLITE_FULL: return .diskFull
        case SQLITE_CORRUPT, SQLITE_NOTADB: return .damaged
        case SQLITE_READONLY, SQLITE_PERM: return .readOnly
        case SQLITE_BUSY, SQLITE_LOCKED: return .busy
        default:
            switch systemError {
            case ENOSPC, EDQUOT: return .diskFull
            case EACCES, EPERM, EROFS: return .readOnly
            default: return .other
            }
        }
    }

    /// The failure in a few words, SQLite's own in parentheses.
    ///
    /// - Parameters:
    ///   - path: the database file.
    ///   - subject: how the sentence names the file: its path, or "it" where
    ///     the path was said before.
    func reason(path: String, subject: String? = nil) -> String {
        let file = subject ?? path
        switch problem {
        case .diskFull: return "the disk is full (\(message))"
        case .damaged: return "\(file) is damaged (\(message))"
        case .busy: return "\(file) is locked by another session (\(message))"
        case .readOnly where code == Self.readOnlyDirectory:
            let folder = path.lastIndex(of: "/").map { String(path[..<$0]) } ?? "."
            return "the folder \(folder.isEmpty ? "/" : folder) is read-only (\(message))"
        case .readOnly where systemError == EROFS: return "\(file) is on a read-only file system (\(message))"
        case .readOnly where systemError == EACCES || systemError == EPERM: return "permission denied (\(message))"
        case .readOnly: return "\(file) is read-only (\(message))"
        case .other where systemError != 0: return "\(message) (\(String(cString: strerror(systemError))))"
        case .other: return message
        }
    }
}

/// One open connection to the recent-queries file, its statements prepared
/// once: what `SQLiteMoviesQueriesStorage` reads and writes through.
///
/// Every failure is answered as an `SQLiteFailure` read right after the call
/// that failed. Use one connection from one thread.
final class RecentQueriesDatabase {
    private let handle: OpaquePointer
    private let insert: OpaquePointer
    private let trim: OpaquePointer
    private let select: OpaquePointer
    private let begin: OpaquePointer
    private let commit: OpaquePointer
    private let rollback: OpaquePointer

    private init(handle: OpaquePointer, statements: [OpaquePointer]) {
        self.handle = handle
        (insert, trim, select) = (statements[0], statements[1], statements[2])
        (begin, commit, rollback) = (statements[3], statements[4], statements[5])
    }

    deinit {
        for statement in [insert, trim, select, begin, commit, rollback] { sqlite3_finalize(statement) }
        sqlite3_close_v2(handle)
    }

    /// Opens the database at `path`, creating the file and its table when
    /// they are missing and the file can be written.
    ///
    /// - Parameters:
    ///   - readOnly: opens the file for reading only. Without it SQLite still
    ///     opens a write-protected file for reading only (`isReadOnly`).
    ///   - busyTimeout: how long a statement waits for another connection's
    ///     lock on the file, in milliseconds, before it fails as busy.
    static func open(path: String, readOnly: Bool, busyTimeout: Int32) -> Result<RecentQueriesDatabase, SQLiteFailure> {
        var opened: OpaquePointer?
        let flags = readOnly ? SQLITE_OPEN_READONLY : SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE
        let result = sqlite3_open_v2(path, &opened, flags, nil)
        guard let handle = opened else { return .failure(SQLiteFailure(code: SQLITE_NOMEM, message: "out of memory")) }
        func fail() -> Result<RecentQueriesDatabase, SQLiteFailure> {
            let failure = SQLiteFailure(of: handle)
            sqlite3_close_v2(handle)
            return .failure(failure)
        }
        guard result == SQLITE_OK else {
            // A new file in a folder that may not be written: SQLite tries
            // to create it, then to open it for reading, and tells the
            // second failure ("No such file or directory"), not the cause.
            let failure = SQLiteFailure(of: handle)
            sqlite3_close_v2(handle)
            let folder = path.lastIndex(of: "/").map { String(path[..<$0]) } ?? "."
            if failure.code & 0xFF == SQLITE_CANTOPEN, failure.systemError == ENOENT,
                access(folder.isEmpty ? "/" : folder, W_OK) != 0, errno == EACCES || errno == EROFS
            {
                return .failure(SQLiteFailure(code: SQLiteFailure.readOnlyDirectory, message: failure.message))
            }
            return .failure(failure)
        }
        sqlite3_extended_result_codes(handle, 1)
        // Another bindlab saving at the same moment is waited for rather than failed.
        sqlite3_busy_timeout(handle, busyTimeout)
        // The first statement reads the file: one that is not a database
        // fails here. On a file opened for reading only it succeeds when the
        // table is there, and fails as read-only when it is not.
        let schema = """
            CREATE TABLE IF NOT EXISTS recent_queries (
                query TEXT PRIMARY KEY NOT NULL,
                sequence INTEGER NOT NULL
            )
            """
        guard sqlite3_exec(handle, schema, nil, nil, nil) == SQLITE_OK else { return fail() }

        let sql = [
            // The newest query gets the next sequence number; saving one
            // already listed replaces its row, which moves it to the front.
            """
            INSERT OR REPLACE INTO recent_queries (query, sequence)
            VALUES (?1, (SELECT IFNULL(MAX(sequence), 0) + 1 FROM recent_queries))
            """,
            // Keeps the ?1 most recent rows.
            """
            DELETE FROM recent_queries WHERE sequence <=
                (SELECT sequence FROM recent_queries ORDER BY sequence DESC LIMIT 1 OFFSET ?1)
            """,
            "SELECT query FROM recent_queries ORDER BY sequence DESC LIMIT ?1",
            "BEGIN IMMEDIATE", "COMMIT", "ROLLBACK",
        ]
        var statements: [OpaquePointer] = []
        for text in sql {
            var statement: OpaquePointer?
            let prepared = sqlite3_prepare_v3(handle, text, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &statement, nil)
            guard prepared == SQLITE_OK, let statement else {
                let failure = SQLiteFailure(of: handle)
                statements.forEach { sqlite3_finalize($0) }
                sqlite3_close_v2(handle)
                return .failure(failure)
            }
            statements.append(statement)
        }
        return .success(RecentQueriesDatabase(handle: handle, statements: statements))
    }

    /// Whether the file is open for reading only: asked for, or because the
    /// file is write-protected.
    var isReadOnly: Bool {
        sqlite3_db_readonly(handle, "main") == 1
    }

    /// The most recent queries first, at most `maxCount`, and the failure
    /// that ended the read early, if one did: the rows read before it are
    /// kept (a damaged page further on leaves the ones before it readable).
    func read(maxCount: Int) -> (queries: [MovieQuery], failure: SQLiteFailure?) {
        guard maxCount > 0 else { return ([], nil) }
        defer { sqlite3_reset(select) }
        sqlite3_bind_int64(select, 1, Int64(maxCount))
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
                return (queries, nil)
            default:
                let failure = SQLiteFailure(of: handle)
                return (queries, failure)
            }
        }
    }

    /// Saves `queries`, oldest first, as the most recent ones and keeps the
    /// `keeping` most recent rows, in one transaction: all of them are
    /// written, or none.
    ///
    /// - Returns: the failure, when nothing was written.
    /// - Complexity: O(`queries.count`) statements.
    func write(oldestFirst queries: [MovieQuery], keeping: Int) -> SQLiteFailure? {
        if let failure = step(begin) { return failure }
        for query in queries {
            var text = query.query
            text.withUTF8 { utf8 in
                _ = sqlite3_bind_text(
                    insert, 1, UnsafeRawPointer(utf8.baseAddress)?.assumingMemoryBound(to: CChar.self),
                    Int32(utf8.count), bindlab_sqlite_transient())
            }
            if let failure = step(insert) { return abandon(after: failure) }
        }
        sqlite3_bind_int64(trim, 1, Int64(keeping))
        if let failure = step(trim) { return abandon(after: failure) }
        if let failure = step(commit) { return abandon(after: failure) }
        return nil
    }

    /// Runs `sql`, statements that return no rows.
    ///
    /// - Returns: the failure, if one did.
    func execute(_ sql: String) -> SQLiteFailure? {
        sqlite3_exec(handle, sql, nil, nil, nil) == SQLITE_OK ? nil : SQLiteFailure(of: handle)
    }

    /// Rolls back the transaction `failure` ended, unless SQLite already did
    /// (it does after a full disk or an I/O error), and answers `failure`.
    private func abandon(after failure: SQLiteFailure) -> SQLiteFailure {
        if sqlite3_get_autocommit(handle) == 0 { _ = step(rollback) }
        return failure
    }

    /// Steps a statement that returns no rows, then resets it.
    ///
    /// - Returns: the failure, read before the reset can replace it.
    private func step(_ statement: OpaquePointer) -> SQLiteFailure? {
        let failure = sqlite3_step(statement) == SQLITE_DONE ? nil : SQLiteFailure(of: handle)
        sqlite3_reset(statement)
        sqlite3_clear_bindings(statement)
        return failure
    }
}
