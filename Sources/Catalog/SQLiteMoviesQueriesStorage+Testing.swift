// Test hooks of `SQLiteMoviesQueriesStorage`, apart from its logic: what
// tests need to make the file fail as a full disk, a read-only file or
// another session would, on a machine where they run as root.

extension SQLiteMoviesQueriesStorage {
    /// Runs `sql` on the storage's own connection: a pragma standing for a
    /// full disk (`max_page_count`) or a file that may not be written
    /// (`query_only`), or a transaction holding the file locked as another
    /// session's save does.
    ///
    /// - Returns: SQLite's words when it fails, or when the file was closed
    ///   as damaged; nil when it ran.
    func executeForTesting(_ sql: String) -> String? {
        guard let database else { return "the file is closed: it was found damaged" }
        return database.execute(sql)?.message
    }
}
