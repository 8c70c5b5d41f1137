/// Searches the catalogue; on success, remembers the query (seed 004).
public final class SearchMoviesUseCase {
    public struct RequestValue: Equatable, Sendable {
        public let query: MovieQuery
        public let page: Int

        public init(query: MovieQuery, page: Int) {
            self.query = query
            self.page = page
        }
    }

    private let moviesRepository: any MoviesRepository
    private let moviesQueriesRepository: any MoviesQueriesRepository

    public init(
        moviesRepository: any MoviesRepository,
        moviesQueriesRepository: any MoviesQueriesRepository
    ) {
        self.moviesRepository = moviesRepository
        self.moviesQueriesRepository = moviesQueriesRepository
    }

    /// Fetches one page; the query is saved only when the fetch succeeds.
    @discardableResult
    public func execute(
        requestValue: RequestValue,
        completion: @escaping (Result<MoviesPage, DataError>) -> Void
    ) -> any Cancellable {
        let queries = moviesQueriesRepository
        return moviesRepository.fetchMoviesList(
            query: requestValue.query, page: requestValue.page
        ) { result in
            if case .success = result {
                queries.saveRecentQuery(query: requestValue.query) { _ in }
            }
            completion(result)
        }
    }
}

/// Reads the recent queries, most recent first (seed 004).
public final class FetchRecentMovieQueriesUseCase {
    /// How many queries the suggestions list shows and the storage keeps.
    public static let maxCount = 10

    private let moviesQueriesRepository: any MoviesQueriesRepository

    public init(moviesQueriesRepository: any MoviesQueriesRepository) {
        self.moviesQueriesRepository = moviesQueriesRepository
    }

    public func execute(
        maxCount: Int = FetchRecentMovieQueriesUseCase.maxCount,
        completion: @escaping (Result<[MovieQuery], DataError>) -> Void
    ) {
        moviesQueriesRepository.fetchRecentsQueries(maxCount: maxCount, completion: completion)
    }
}
