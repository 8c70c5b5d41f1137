import BindingKit
import Domain
import Playground

/// A small movies catalogue answered page by page after a latency on the
/// world's virtual clock, failing on demand.
///
/// "star wars" matches 45 films (pages of 20, 20 and 5): "Star Wars" itself,
/// then "Star Wars Fan Film 1" … "44", whose every fifth (5, 10, …) has
/// nothing known but its title. "alien" matches "Alien" and "Aliens".
final class FakeMoviesRepository: MoviesRepository {
    struct Request: Equatable {
        let query: String
        let page: Int
    }

    static let pageSize = 20

    static let catalogue: [Movie] = [starWars] + (1...44).map(fanFilm) + [alien, casablanca, aliens]

    static let starWars = Movie(
        id: 1, title: "Star Wars", year: 1977, length: 121, budget: 11_000_000, rating: 8.8,
        votes: 12_345, mpaa: "PG", genres: ["Action", "Drama"])
    static let alien = Movie(
        id: 2, title: "Alien", year: 1979, length: 117, budget: 11_000_000, rating: 8.2,
        votes: 56_000, mpaa: "R", genres: ["Action"])
    static let casablanca = Movie(
        id: 3, title: "Casablanca", year: 1942, length: 102, budget: 950_000, rating: 8.7,
        votes: 41_000, mpaa: "PG", genres: ["Drama", "Romance"])
    static let aliens = Movie(
        id: 4, title: "Aliens", year: 1986, length: 137, budget: 18_500_000, rating: 8.2,
        votes: 48_000, mpaa: "R", genres: ["Action"])

    /// "Star Wars Fan Film N"; every fifth is known by its title only.
    static func fanFilm(_ number: Int) -> Movie {
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
    var latency: Int
    /// The next answers fail with these, in order, before answers succeed again.
    var failures: [DataError] = []
    /// Every request made, in order.
    private(set) var requests: [Request] = []
    private let scheduler: VirtualScheduler

    init(scheduler: VirtualScheduler, latency: Int) {
        self.scheduler = scheduler
        self.latency = latency
    }

    @discardableResult
    func fetchMoviesList(
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
final class InMemoryMoviesQueriesRepository: MoviesQueriesRepository {
    private(set) var queries: [MovieQuery] = []

    func fetchRecentsQueries(
        maxCount: Int, completion: @escaping (Result<[MovieQuery], DataError>) -> Void
    ) {
        completion(.success(Array(queries.prefix(maxCount))))
    }

    func saveRecentQuery(
        query: MovieQuery, completion: @escaping (Result<MovieQuery, DataError>) -> Void
    ) {
        queries.removeAll { $0 == query }
        queries.insert(query, at: 0)
        queries = Array(queries.prefix(FetchRecentMovieQueriesUseCase.maxCount))
        completion(.success(query))
    }
}

/// Seed 001's provider: `count` orders named "Order", after a latency, failing on demand.
final class FakeOrdersRepository: OrdersRepository {
    var count = 100
    var latency: Int
    /// The next answers fail with these, in order.
    var failures: [DataError] = []
    /// How many times the orders were asked for.
    private(set) var requests = 0
    private let scheduler: VirtualScheduler

    init(scheduler: VirtualScheduler, latency: Int) {
        self.scheduler = scheduler
        self.latency = latency
    }

    @discardableResult
    func fetchOrders(completion: @escaping (Result<[Order], DataError>) -> Void) -> any Cancellable {
        requests += 1
        return scheduler.schedule(after: latency) { [self] in
            if !failures.isEmpty {
                completion(.failure(failures.removeFirst()))
            } else {
                completion(.success((0..<count).map { Order(id: $0, name: "Order") }))
            }
        }
    }
}

/// One backend's app on a simulated device, over the fakes above, with
/// helpers to read back what the user sees.
final class TestApp {
    /// The data layer's latency: the article's one second.
    static let latency = 1000

    let world: Sandbox
    let movies: FakeMoviesRepository
    let queries = InMemoryMoviesQueriesRepository()
    let orders: FakeOrdersRepository
    let device: Device

    init(backend: any BindingBackend) {
        let scheduler = VirtualScheduler()
        movies = FakeMoviesRepository(scheduler: scheduler, latency: Self.latency)
        orders = FakeOrdersRepository(scheduler: scheduler, latency: Self.latency)
        world = Sandbox(
            backend: backend, scheduler: scheduler,
            useCases: UseCases(
                loadOrders: LoadOrdersUseCase(repository: orders),
                searchMovies: SearchMoviesUseCase(moviesRepository: movies, moviesQueriesRepository: queries),
                fetchRecentMovieQueries: FetchRecentMovieQueriesUseCase(moviesQueriesRepository: queries)))
        device = Device(world: world)
    }

    /// Does `action` as the user would.
    ///
    /// Then runs the main-queue turns due at this instant, as the shell does
    /// before it draws: a backend that hops to the main queue (`output`) shows
    /// its answer a turn later, at the same virtual time.
    func perform(_ action: UserAction) throws(ActionError) {
        defer { world.scheduler.advance(by: 0) }
        try device.perform(action)
    }

    /// Scrolls the visible screen's list to its end, as a finger would
    /// (the list's `onReachEnd`), without going through the Load more button.
    func scrollToEnd() {
        device.visibleScreen?.widget(ListWidget.self, named: "list")?.scrollToEnd()
    }

    /// Lets `milliseconds` of virtual time pass.
    func wait(_ milliseconds: Int) {
        world.scheduler.advance(by: milliseconds)
    }

    /// Runs the main queue and the timers until nothing is left.
    func drain() {
        while world.scheduler.step() {}
    }

    /// The visible screen as drawn, frame and title included.
    var screen: [String] { ScreenRenderer.render(device.visibleScreen) }

    /// The visible screen's lines inside the frame, without trailing spaces.
    var lines: [String] {
        screen.dropFirst().dropLast().map { line in
            var text = String(line.dropFirst(2).dropLast(2))
            while text.last == " " { text.removeLast() }
            return text
        }
    }

    /// The visible screen's navigation title.
    var title: String? { device.visibleScreen?.title.text }

    /// The texts of the visible screen's list called `name`; nil when it has none.
    func rows(_ name: String = "list") -> [String]? {
        device.visibleScreen?.widget(ListWidget.self, named: name)?.rows.map(\.text)
    }

    /// The visible screen's alert, if one is presented.
    var alert: Alert? {
        device.visibleScreen?.widget(Alert.self).flatMap { $0.isPresented ? $0 : nil }
    }

    /// `lines` as this backend shows them: as given, or without the
    /// container's full-screen spinner for a backend that declares its
    /// container never hears the loading (`lastObserverWins`).
    func shown(_ lines: [String]) -> [String] {
        let missesLoading = device.backend.traits.contains {
            if case .lastObserverWins = $0 { true } else { false }
        }
        return missesLoading ? lines.filter { $0 != "⟳ Loading…" } : lines
    }

    /// Whether the live objects left are exactly those `backend` declares it
    /// keeps: nothing, for a backend that declares nothing.
    func holdsOnlyDeclaredObjects(of backend: any BindingBackend) -> Bool {
        let declared = backend.traits.flatMap { trait -> [String] in
            if case .keepsAliveAfterRelease(let classes, _) = trait { return classes }
            return []
        }
        let live = world.census.census.filter { $0.live > 0 }.map(\.name)
        return Set(live) == Set(declared)
    }
}
