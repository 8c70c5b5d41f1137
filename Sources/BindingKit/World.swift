public import Domain

/// The use cases a backend's view models may call: the one shared model.
public struct UseCases {
    public let loadOrders: LoadOrdersUseCase
    public let searchMovies: SearchMoviesUseCase
    public let fetchRecentMovieQueries: FetchRecentMovieQueriesUseCase

    public init(
        loadOrders: LoadOrdersUseCase, searchMovies: SearchMoviesUseCase,
        fetchRecentMovieQueries: FetchRecentMovieQueriesUseCase
    ) {
        self.loadOrders = loadOrders
        self.searchMovies = searchMovies
        self.fetchRecentMovieQueries = fetchRecentMovieQueries
    }
}

/// Everything one backend's app runs in: its own clock, trace, live-object
/// census and model. Each backend in use gets a world of its own, so that
/// running the same action on several never mixes their effects.
public final class World {
    public let scheduler: VirtualScheduler
    public let tracer: Tracer
    public let alive: LiveObjects
    public let useCases: UseCases

    public init(scheduler: VirtualScheduler, useCases: UseCases) {
        self.scheduler = scheduler
        self.tracer = Tracer(scheduler: scheduler)
        self.alive = LiveObjects()
        self.useCases = useCases
    }

    /// A world that goes takes its queued work with it.
    ///
    /// A job still queued may hold what holds the scheduler (a binding's
    /// closure keeps the tracer, the tracer keeps the scheduler, the scheduler
    /// keeps the job): that cycle would outlive the lane that was dropped.
    deinit {
        scheduler.discardAll()
    }

    /// The main queue view models hop through.
    public var mainQueue: any MainQueue { scheduler }
}
