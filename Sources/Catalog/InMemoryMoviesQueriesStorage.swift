public import Domain

/// Recent queries kept in memory: for scripts, sessions and tests, where
/// every run must start from the same (empty) list; and the fallback when the
/// SQLite file cannot be used.
///
/// Seed 004's semantics: most recent first, unique (saving a query already
/// listed moves it to the front), at most `maxStorageLimit` kept. Queries are
/// compared exactly, as the seed's storage does: "Star Wars" and "star wars"
/// are two entries. Completions run at once, on the caller's thread.
public final class InMemoryMoviesQueriesStorage: MoviesQueriesRepository {
    /// How many queries are kept.
    public let maxStorageLimit: Int
    /// The queries, most recent first.
    public private(set) var queries: [MovieQuery]

    /// An empty storage (or one holding `queries`, most recent first).
    public init(
        maxStorageLimit: Int = FetchRecentMovieQueriesUseCase.maxCount, queries: [MovieQuery] = []
    ) {
        self.maxStorageLimit = max(0, maxStorageLimit)
        self.queries = []
        for query in queries.reversed() { remember(query) }
    }

    public func fetchRecentsQueries(
        maxCount: Int, completion: @escaping (Result<[MovieQuery], DataError>) -> Void
    ) {
        completion(.success(Array(queries.prefix(max(0, maxCount)))))
    }

    public func saveRecentQuery(
        query: MovieQuery, completion: @escaping (Result<MovieQuery, DataError>) -> Void
    ) {
        remember(query)
        completion(.success(query))
    }

    /// Puts `query` in front, dropping an older copy of it and what goes
    /// past `maxStorageLimit`.
    ///
    /// - Complexity: O(`maxStorageLimit`).
    func remember(_ query: MovieQuery) {
        queries.removeAll { $0 == query }
        queries.insert(query, at: 0)
        if queries.count > maxStorageLimit { queries.removeLast(queries.count - maxStorageLimit) }
    }
}
