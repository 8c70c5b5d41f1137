public import BindingKit
public import Catalog
public import Domain

/// The data the lanes share: the movies catalogue (read-only, loaded once, on
/// first use) and where recent queries are kept.
public final class DataEnvironment {
    public let catalogue: MovieCatalogue
    let makeQueriesRepository: () -> any MoviesQueriesRepository
    /// The generated orders every lane is answered: one array for all of
    /// them (each lane's changes are its own, kept beside it).
    let orders = GeneratedOrders()

    /// - Parameters:
    ///   - makeQueriesRepository: called once per lane; sessions and tests
    ///     give each lane fresh memory so that replays stay deterministic.
    public init(
        catalogue: MovieCatalogue = MovieCatalogue.bundled,
        makeQueriesRepository: @escaping () -> any MoviesQueriesRepository = { InMemoryMoviesQueriesStorage() }
    ) {
        self.catalogue = catalogue
        self.makeQueriesRepository = makeQueriesRepository
    }
}

/// One backend's running app: its sandbox (clock, trace, census), its data
/// layer and the device the user's actions go to.
public final class Lane {
    public let backend: any BindingBackend
    public let world: Sandbox
    public let device: Device
    public let network: NetworkConditions
    public let orders: GeneratedOrdersRepository
    /// The screen as last shown to the user.
    public internal(set) var shown: [String]
    /// How wide the screen is drawn, frame included: the stage's layout says.
    var screenWidth = ScreenRenderer.width

    public init(backend: any BindingBackend, data: DataEnvironment, network settings: NetworkConditions) {
        // Each lane has its own network, so `:net fail next` fails the next
        // request of every lane, not just of the first one to ask.
        let network = NetworkConditions(latency: settings.latency, failureMode: settings.failureMode)
        let scheduler = VirtualScheduler()
        let orders = GeneratedOrdersRepository(scheduler: scheduler, network: network, generated: data.orders)
        let movies = CatalogueMoviesRepository(catalogue: data.catalogue, scheduler: scheduler, network: network)
        let queries = data.makeQueriesRepository()
        let useCases = UseCases(
            loadOrders: LoadOrdersUseCase(repository: orders),
            searchMovies: SearchMoviesUseCase(moviesRepository: movies, moviesQueriesRepository: queries),
            fetchRecentMovieQueries: FetchRecentMovieQueriesUseCase(moviesQueriesRepository: queries))
        self.backend = backend
        self.network = network
        self.orders = orders
        self.world = Sandbox(backend: backend, scheduler: scheduler, useCases: useCases)
        self.device = Device(world: world)
        self.shown = ScreenRenderer.render(nil)
    }

    /// A lane that goes takes its queued work with it, even when a queued
    /// job holds something that holds the world (a view does), so that the
    /// world's own deinit would never come.
    deinit {
        world.scheduler.discardAll()
    }

    public var id: String { backend.info.id }
    public var scheduler: VirtualScheduler { world.scheduler }

    /// The visible screen, drawn at the stage's width.
    public func render() -> [String] { ScreenRenderer.render(device.visibleScreen, width: screenWidth) }

    /// Draws the screen and takes it as shown: what changed is not news.
    public func redrawQuietly() { shown = render() }
}

extension DataEnvironment {
    /// For the interactive playground: recent queries kept in SQLite under
    /// the XDG state directory, shared by every lane, surviving restarts. A
    /// database that cannot be used, at the start or later, is reported once
    /// and replaced by memory for the rest of the run.
    ///
    /// - Parameter warn: told each problem with the database, in one line.
    public static func interactive(_ variables: [String: String], warn: @escaping (String) -> Void) -> DataEnvironment {
        let (storage, warning) = openRecentQueriesStorage(
            path: SQLiteMoviesQueriesStorage.defaultPath(environment: variables), warn: warn)
        if let warning { warn(warning) }
        return DataEnvironment(makeQueriesRepository: { storage })
    }
}
