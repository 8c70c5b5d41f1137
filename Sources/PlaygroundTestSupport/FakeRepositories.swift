// PlaygroundTestSupport: the one way tests make a backend's world — a
// `TestApp` (a Sandbox on a Device) over small fakes of the data layer,
// answered on the virtual clock. Not a product: the conformance suite, the
// shell's and the experiments' tests import it (as swift-format's
// _SwiftFormatTestSupport and swift-argument-parser's test helpers are).
// May import: Domain, BindingKit, Playground.
public import Domain
public import Playground

/// A small movies catalogue answered page by page after a latency on the
/// world's virtual clock, failing on demand.
///
/// "star wars" matches 45 films (pages of 20, 20 and 5): "Star Wars" itself,
/// then "Star Wars Fan Film 1" … "44", whose every fifth (5, 10, …) has
/// nothing known but its title. "alien" matches "Alien" and "Aliens".
public final class FakeMoviesRepository: MoviesRepository {
    public struct Request: Equatable {
        public let query: String
        public let page: Int

        public init(query: String, page: Int) {
            self.query = query
            self.page = page
        }
    }

    public static let pageSize = 20

    public static let catalogue: [Movie] = [starWars] + (1...44).map(fanFilm) + [alien, casablanca, aliens]

    public static let starWars = Movie(
        id: 1, title: "Star Wars", year: 1977, length: 121, budget: 11_000_000, rating: 8.8,
        votes: 12_345, mpaa: "PG", genres: ["Action", "Drama"])
    public static let alien = Movie(
        id: 2, title: "Alien", year: 1979, length: 117, budget: 11_000_000, rating: 8.2,
        votes: 56_000, mpaa: "R", genres: ["Action"])
    public static let casablanca = Movie(
        id: 3, title: "Casablanca", year: 1942, length: 102, budget: 950_000, rating: 8.7,
        votes: 41_000, mpaa: "PG", genres: ["Drama", "Romance"])
    public static let aliens = Movie(
        id: 4, title: "Aliens", year: 1986, length: 137, budget: 18_500_000, rating: 8.2,
        votes: 48_000, mpaa: "R", genres: ["Action"])

    /// "Star Wars Fan Film N"; every fifth is known by its title only.
    public static func fanFilm(_ number: Int) -> Movie {
        let title = "Star Wars Fan Film \(number)"
        guard number % 5 != 0 else {
            return Movie(
                id: 100 + number, title: title, year: nil, length: nil, budget: nil, rating: 5,
                votes: 1, mpaa: nil, genres: [])
        }
        let rating = 4 + Double(number) / 10
        return Movie(
            id: 100 + number, title: title, year: 1990 + number, length: 60 + number,
            budget: number * 1_000, rating: rating, votes: number * 37, mpaa: "PG-13", genres: ["Comedy"])
    }

    /// Milliseconds before an answer.
    public var latency: Int
    /// The next answers fail with these, in order, before answers succeed again.
    public var failures: [DataError] = []
    /// Every request made, in order.
    public private(set) var requests: [Request] = []
    private let scheduler: VirtualScheduler

    public init(scheduler: VirtualScheduler, latency: Int) {
        self.scheduler = scheduler
        self.latency = latency
    }

    @discardableResult
    public func fetchMoviesList(
        query: MovieQuery, page: Int,
        completion: @escaping (Result<MoviesPage, DataError>) -> Void
    ) -> any Cancellable {
        requests.append(Request(query: query.query, page: page))
        return scheduler.schedule(after: latency) { [self] in
            if !failures.isEmpty {
                completion(.failure(failures.removeFirst()))
                return
            }
            let matches = Self.catalogue.filter { $0.title.lowercased().contains(query.query.lowercased()) }
            let size = Self.pageSize
            let movies = matches.dropFirst((page - 1) * size).prefix(size)
            completion(
                .success(
                    MoviesPage(page: page, totalPages: (matches.count + size - 1) / size, movies: Array(movies))))
        }
    }
}

/// Recent queries in memory, answered at once: most recent first, unique, at most 10.
public final class InMemoryMoviesQueriesRepository: MoviesQueriesRepository {
    public private(set) var queries: [MovieQuery] = []

    public func fetchRecentsQueries(
        maxCount: Int, completion: @escaping (Result<[MovieQuery], DataError>) -> Void
    ) {
        completion(.success(Array(queries.prefix(maxCount))))
    }

    public func saveRecentQuery(
        query: MovieQuery, completion: @escaping (Result<MovieQuery, DataError>) -> Void
    ) {
        queries.removeAll { $0 == query }
        queries.insert(query, at: 0)
        queries = Array(queries.prefix(FetchRecentMovieQueriesUseCase.maxCount))
        completion(.success(query))
    }
}

/// Seed 001's provider: `count` orders named "Order", after a latency, failing on demand.
public final class FakeOrdersRepository: OrdersRepository {
    public var count = 100
    public var latency: Int
    /// The next answers fail with these, in order.
    public var failures: [DataError] = []
    private let scheduler: VirtualScheduler

    public init(scheduler: VirtualScheduler, latency: Int) {
        self.scheduler = scheduler
        self.latency = latency
    }

    @discardableResult
    public func fetchOrders(completion: @escaping (Result<[Order], DataError>) -> Void) -> any Cancellable {
        scheduler.schedule(after: latency) { [self] in
            if !failures.isEmpty {
                completion(.failure(failures.removeFirst()))
            } else {
                completion(.success((0..<count).map { Order(id: $0, name: "Order") }))
            }
        }
    }
}
