// TEMPORARY: stands in for Catalog's movies data layer until it lands.
public import Domain

public final class MovieCatalogue: Sendable {
    public static let bundled = MovieCatalogue()
}

final class CatalogueMoviesRepository: MoviesRepository {
    static let pageSize = 20
    init(catalogue: MovieCatalogue, scheduler: any DelayScheduler, network: Any) {}
    func fetchMoviesList(query: MovieQuery, page: Int, completion: @escaping (Result<MoviesPage, DataError>) -> Void) -> any Cancellable {
        Dummy()
    }
    final class Dummy: Cancellable { func cancel() {} }
}

public final class InMemoryMoviesQueriesStorage: MoviesQueriesRepository {
    public init() {}
    public func fetchRecentsQueries(maxCount: Int, completion: @escaping (Result<[MovieQuery], DataError>) -> Void) {}
    public func saveRecentQuery(query: MovieQuery, completion: @escaping (Result<MovieQuery, DataError>) -> Void) {}
}

extension DataEnvironment {
    static func interactive(_ variables: [String: String], output: any OutputSink) -> DataEnvironment {
        DataEnvironment()
    }
}
