public import Domain

#if canImport(Glibc)
    internal import Glibc
#elseif canImport(Darwin)
    internal import Darwin
#endif

/// What kind of failure the recent-queries database had: it decides what
/// the storage does next and what its warning says.
public enum RecentQueriesProblem: Equatable, Sendable {
    /// No room left (SQLite's `SQLITE_FULL`, or `ENOSPC`, `EDQUOT`): tried
    /// again at the next save.
    case diskFull
    /// The file is damaged or not a database (`SQLITE_CORRUPT`,
    /// `SQLITE_NOTADB`): left alone for the rest of the run.
    case damaged
    /// The file or its folder may not be written (`SQLITE_READONLY`,
    /// `SQLITE_PERM`, `EACCES`, `EROFS`): still read; saves are tried again.
    case readOnly
    /// Another session (another bindlab) held the file locked for longer
    /// than the busy timeout (`SQLITE_BUSY`, `SQLITE_LOCKED`): tried again.
    case busy
    /// Anything else (an I/O error, a journal that cannot be made): tried again.
    case other
}

/// Why the recent-queries database cannot be used.
public enum RecentQueriesStorageError: Error, Equatable, Sendable {
    /// The directory that should hold the database could not be made.
    case directoryNotCreated(path: String, reason: String)
    /// The database could not be opened or set up: damaged, not a database,
    /// unreadable, or in a place where it can be neither made nor read.
    case databaseNotOpened(path: String, problem: RecentQueriesProblem, reason: String)

    /// One line a person understands.
    public var message: String {
        switch self {
        case .directoryNotCreated(let path, let reason): "cannot create the directory \(path): \(reason)"
        case .databaseNotOpened(_, .damaged, let reason): reason
        case .databaseNotOpened(let path, _, let reason): "cannot open \(path): \(reason)"
        }
    }
}

/// Recent queries kept in an SQLite file, so that they survive restarts.
///
/// Seed 004's semantics, as `InMemoryMoviesQueriesStorage`: most recent
/// first, unique (compared exactly), at most `maxStorageLimit` kept. Opening
/// creates the file's directory and the table if needed; a file that may not
/// be written is opened for reading only. Statements are prepared once.
/// Completions run at once, on the caller's thread; use one storage from one
/// thread.
///
/// Through the repository protocol nothing is lost without a word, and what
/// the file cannot take yet is kept and written later:
/// - A save the file refuses (a full disk, a read-only file or folder,
///   another session's lock held past `busyTimeout`, an I/O error) keeps the
///   query in memory with the others not saved yet (in order, unique, at most
///   `maxStorageLimit`); each later save writes them all, oldest first, in
///   one transaction, once the file takes them.
/// - A fetch reads the file (a read-only one too) and answers what it holds
///   with the unsaved queries in front; when the read fails, the last list
///   read with this run's saves.
/// - `warn` is told once, in one line, when the file starts failing (to
///   save or to read), and again only after it worked again: it took a
///   save, or gave a read with no query waiting.
/// - A damaged file (SQLite says corrupt, or not a database) is reported
///   once through `warn`, closed and never read or written again by this
///   storage: it is left as it is for the user to look at; the run's
///   queries are kept in memory. The next opening (the next run) tries the
///   file again.
///
/// Most callers want `openRecentQueriesStorage(path:warn:)`, which falls
/// back to memory when the file cannot be opened at all.
public final class SQLiteMoviesQueriesStorage: MoviesQueriesRepository {
    /// The database file.
    public let path: String
    /// How many queries are kept.
    public let maxStorageLimit: Int
    /// Told, in one line, when the file starts failing; see the type's comment.
    public var warn: (String) -> Void
    /// The file is damaged (SQLite says corrupt, or not a database): it is
    /// closed for the rest of this storage's life.
    public private(set) var isDamaged = false

    /// How long a statement waits for another session's lock, in milliseconds.
    private let busyTimeout: Int32
    /// Whether the file is opened for reading only. A test hook: set, it
    /// stands for a file the user may not write, which SQLite opens for
    /// reading only by itself; tests run as root, whom `chmod` does not stop.
    var opensReadOnly: Bool
    /// The open file; nil once it was found damaged.
    private(set) var database: RecentQueriesDatabase?
    /// What is answered when the file cannot be read: its last read, with
    /// the saves since.
    private var listed: InMemoryMoviesQueriesStorage
    /// The saves the file has not taken yet, most recent first.
    private var unsaved: InMemoryMoviesQueriesStorage
    /// Whether `warn` was told that the file fails, since it last took a
    /// save, or gave a read with no save waiting.
    private var warned = false

    /// Opens (creating if needed) the database at `path`.
    ///
    /// A file found damaged by the first read is reported through `warn`
    /// and the storage answers from memory (see the type's comment).
    ///
    /// - Parameters:
    ///   - busyTimeout: how long a save waits for another session's lock on
    ///     the file, in milliseconds.
    ///   - warn: told, in one line, when the file fails.
    /// - Throws: `RecentQueriesStorageError` when the directory cannot be
    ///   made, or the file can be neither opened nor made, or is not a database.
    public convenience init(
        path: String, maxStorageLimit: Int = FetchRecentMovieQueriesUseCase.maxCount, busyTimeout: Int32 = 2000,
        warn: @escaping (String) -> Void = { _ in }
    ) throws(RecentQueriesStorageError) {
        try self.init(
            path: path, maxStorageLimit: maxStorageLimit, busyTimeout: busyTimeout, warn: warn, readOnly: false)
    }

    /// Opens the database at `path`, for reading only when `readOnly` (see
    /// `opensReadOnly`).
    init(
        path: String, maxStorageLimit: Int = FetchRecentMovieQueriesUseCase.maxCount, busyTimeout: Int32 = 2000,
        warn: @escaping (String) -> Void = { _ in }, readOnly: Bool
    ) throws(RecentQueriesStorageError) {
        self.path = path
        self.maxStorageLimit = max(0, maxStorageLimit)
        self.busyTimeout = busyTimeout
        self.warn = warn
        opensReadOnly = readOnly
        listed = InMemoryMoviesQueriesStorage(maxStorageLimit: self.maxStorageLimit)
        unsaved = InMemoryMoviesQueriesStorage(maxStorageLimit: self.maxStorageLimit)
        try Self.createParentDirectory(of: path)
        let database: RecentQueriesDatabase
        switch RecentQueriesDatabase.open(path: path, readOnly: readOnly, busyTimeout: busyTimeout) {
        case .success(let opened): database = opened
        case .failure(let failure):
            throw .databaseNotOpened(path: path, problem: failure.problem, reason: Self.openingReason(failure, path))
        }
        self.database = database
        let (queries, failure) = database.read(maxCount: self.maxStorageLimit)
        listed = InMemoryMoviesQueriesStorage(maxStorageLimit: self.maxStorageLimit, queries: queries)
        // Any other failure is met again by the first fetch, which says so.
        if let failure, failure.problem == .damaged { record(failure, operation: "read") }
    }

    public func fetchRecentsQueries(
        maxCount: Int, completion: @escaping (Result<[MovieQuery], DataError>) -> Void
    ) {
        if let database {
            // Read in full, so that `listed` holds everything the file does.
            let (queries, failure) = database.read(maxCount: maxStorageLimit)
            if let failure {
                record(failure, operation: "read")
            } else {
                listed = InMemoryMoviesQueriesStorage(
                    maxStorageLimit: maxStorageLimit, queries: unsaved.queries + queries)
                if unsaved.queries.isEmpty { warned = false }
            }
        }
        listed.fetchRecentsQueries(maxCount: maxCount, completion: completion)
    }

    public func saveRecentQuery(
        query: MovieQuery, completion: @escaping (Result<MovieQuery, DataError>) -> Void
    ) {
        listed.remember(query)
        if let database = writableDatabase() {
            unsaved.remember(query)
            if let failure = database.write(oldestFirst: unsaved.queries.reversed(), keeping: maxStorageLimit) {
                record(failure, operation: "save")
            } else {
                unsaved = InMemoryMoviesQueriesStorage(maxStorageLimit: maxStorageLimit)
                warned = false
            }
        }
        completion(.success(query))
    }

    /// The open file, opened again for writing when it was opened for
    /// reading only and may be written now (its mode changed since); nil
    /// once it was found damaged.
    private func writableDatabase() -> RecentQueriesDatabase? {
        guard let database, database.isReadOnly, !opensReadOnly else { return database }
        let reopened = try? RecentQueriesDatabase.open(path: path, readOnly: false, busyTimeout: busyTimeout).get()
        guard let reopened, !reopened.isReadOnly else { return database }
        self.database = reopened
        return reopened
    }

    /// A failure of the file: a damaged one is closed and said at once, any
    /// other is said once, until the file works again (see `warned`).
    private func record(_ failure: SQLiteFailure, operation: String) {
        if failure.problem == .damaged {
            database = nil
            isDamaged = true
            unsaved = InMemoryMoviesQueriesStorage(maxStorageLimit: maxStorageLimit)
            warn(oneLine("\(failure.reason(path: path)); \(Self.damagedConsequence)"))
            return
        }
        guard !warned else { return }
        warned = true
        let what = "cannot \(operation) the recent queries: \(failure.reason(path: path))"
        let then =
            switch (operation, failure.problem) {
            case ("read", _): "the last ones read are listed"
            case (_, .diskFull): "they are kept in memory and saved once there is room"
            case (_, .readOnly): "the file is still read, and new queries are kept in memory until it takes them"
            case (_, .busy): "they are kept in memory and saved with the next search"
            default: "they are kept in memory and saved once the file takes them"
            }
        warn(oneLine("\(what); \(then)"))
    }

    /// What the storage does once the file is found damaged, after the line saying so.
    static let damagedConsequence = "it is left as it is, and recent queries are kept in memory for this run"

    /// Why the file at `path` could not be opened, for `RecentQueriesStorageError.databaseNotOpened`.
    private static func openingReason(_ failure: SQLiteFailure, _ path: String) -> String {
        failure.reason(path: path, subject: failure.problem == .damaged ? path : "it")
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
/// `path` (one that may not be written is read), or, when that file cannot
/// be opened at all (damaged, unreadable, in a directory that cannot be
/// made), an in-memory storage and a one-line warning saying why, for the
/// shell to show once.
///
/// - Parameters:
///   - path: the database file; by default
///     `SQLiteMoviesQueriesStorage.defaultPath()`.
///   - warn: told, in one line, when the file fails later (see
///     `SQLiteMoviesQueriesStorage.warn`).
public func openRecentQueriesStorage(
    path: String = SQLiteMoviesQueriesStorage.defaultPath(), warn: @escaping (String) -> Void = { _ in }
) -> (storage: any MoviesQueriesRepository, warning: String?) {
    do {
        return (try SQLiteMoviesQueriesStorage(path: path, warn: warn), nil)
    } catch {
        let line =
            if case .databaseNotOpened(_, .damaged, _) = error {
                "\(error.message); \(SQLiteMoviesQueriesStorage.damagedConsequence)"
            } else {
                "recent queries will not be kept after this run: \(error.message)"
            }
        return (InMemoryMoviesQueriesStorage(), oneLine(line))
    }
}

/// `text` on one line: a path or SQLite's words with a line break in them
/// would otherwise break the warning in two.
func oneLine(_ text: String) -> String {
    text.split(whereSeparator: \.isNewline).joined(separator: " ")
}
