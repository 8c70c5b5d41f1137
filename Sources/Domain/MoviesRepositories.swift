/// Answers pages of films matching a query (seed 004's `MoviesRepository`).
public protocol MoviesRepository: AnyObject {
    /// How many films a page holds.
    static var pageSize: Int { get }

    /// Fetches page `page` (1-based) of the films matching `query`, later.
    @discardableResult
    func fetchMoviesList(
        query: MovieQuery, page: Int,
        completion: @escaping (Result<MoviesPage, DataError>) -> Void
    ) -> any Cancellable
}

/// Remembers the queries that found something (seed 004's `MoviesQueriesRepository`).
public protocol MoviesQueriesRepository: AnyObject {
    /// The most recent queries first, at most `maxCount`.
    func fetchRecentsQueries(
        maxCount: Int, completion: @escaping (Result<[MovieQuery], DataError>) -> Void)

    /// Saves `query` as the most recent one; an older copy of it is dropped.
    func saveRecentQuery(
        query: MovieQuery, completion: @escaping (Result<MovieQuery, DataError>) -> Void)
}
