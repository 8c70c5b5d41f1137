import Domain

/// A request token that records whether it was cancelled.
final class FakeCancellable: Cancellable {
    private(set) var cancelCount = 0

    func cancel() { cancelCount += 1 }
}

/// A movies repository that answers at once with a set result and records what it was asked.
final class FakeMoviesRepository: MoviesRepository {
    static var pageSize: Int { 20 }

    var result: Result<MoviesPage, DataError>
    private(set) var requests: [(query: MovieQuery, page: Int)] = []
    let token = FakeCancellable()

    init(result: Result<MoviesPage, DataError>) {
        self.result = result
    }

    func fetchMoviesList(
        query: MovieQuery, page: Int, completion: @escaping (Result<MoviesPage, DataError>) -> Void
    ) -> any Cancellable {
        requests.append((query, page))
        completion(result)
        return token
    }
}

/// A recent-queries repository that records what it was asked to save and fetch.
final class FakeQueriesRepository: MoviesQueriesRepository {
    private(set) var saved: [MovieQuery] = []
    private(set) var fetchedMaxCounts: [Int] = []
    var stored: [MovieQuery] = []

    func fetchRecentsQueries(maxCount: Int, completion: @escaping (Result<[MovieQuery], DataError>) -> Void) {
        fetchedMaxCounts.append(maxCount)
        completion(.success(Array(stored.prefix(maxCount))))
    }

    func saveRecentQuery(query: MovieQuery, completion: @escaping (Result<MovieQuery, DataError>) -> Void) {
        saved.append(query)
        completion(.success(query))
    }
}

/// An orders repository that answers at once with a set result.
final class FakeOrdersRepository: OrdersRepository {
    var result: Result<[Order], DataError>
    private(set) var fetchCount = 0
    let token = FakeCancellable()

    init(result: Result<[Order], DataError>) {
        self.result = result
    }

    func fetchOrders(completion: @escaping (Result<[Order], DataError>) -> Void) -> any Cancellable {
        fetchCount += 1
        completion(result)
        return token
    }
}
