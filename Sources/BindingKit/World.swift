internal import CCurrentWorld
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

/// What one backend's app is given to run in: its model (the use cases), its
/// main queue and clock, and the trace its widgets and its `+Trace` file
/// record into. Each backend in use gets a world of its own, so that running
/// the same action on several never mixes their effects.
///
/// A backend's assembly (`makeOrdersScreen(in:navigator:)`) hands its view
/// models the use cases they need, as an app's composition root does; the
/// article's code never sees the world. What runs "in" a world is known
/// without passing it around: the host makes a world current while the
/// backend's code runs (`World.current`), which is how a widget finds its
/// trace and `DispatchQueue.main` its queue.
///
/// The host subclasses it (its sandbox, which also keeps the census of live
/// objects and the data layer).
open class World {
    public let clock: any WorldClock
    public let tracer: Tracer
    public let useCases: UseCases

    public init(clock: any WorldClock, useCases: UseCases) {
        self.clock = clock
        self.tracer = Tracer(clock: clock)
        self.useCases = useCases
    }

    /// The main queue view models hop through: the clock's, or what
    /// `queueing(through:_:)` puts in its place while it runs.
    public var mainQueue: any MainQueue { mainQueueStandIn ?? clock }

    private var mainQueueStandIn: (any MainQueue)?

    /// Runs `body` with `queue` in the place of this world's main queue
    /// (what `mainQueue` and `DispatchQueue.main` give), the one before back
    /// after, so calls nest: how a `+Trace` file sees the work the article's
    /// code queues (a handler's `DispatchQueue.main.async { … }`) and traces
    /// it when it runs. `queue` hands the work on to `clock`.
    public final func queueing<Result>(through queue: any MainQueue, _ body: () -> Result) -> Result {
        let previous = mainQueueStandIn
        mainQueueStandIn = queue
        defer { mainQueueStandIn = previous }
        return body()
    }

    /// The world whose code is running on this thread, if any: set by the
    /// host around everything a backend does (a tap, a turn of its clock).
    public static var current: World? {
        bindlab_current_world().map { Unmanaged<World>.fromOpaque($0).takeUnretainedValue() }
    }

    /// Runs `body` with this world current; the world current before comes
    /// back after, so calls nest.
    public final func perform<Result, Failure: Error>(
        _ body: () throws(Failure) -> Result
    ) throws(Failure) -> Result {
        let previous = bindlab_exchange_current_world(Unmanaged.passUnretained(self).toOpaque())
        defer { bindlab_exchange_current_world(previous) }
        return try body()
    }

    /// Called just before `view`, a screen or a child view the backend made,
    /// is shown (before its `viewDidLoad`), by BindingKit's `Navigator` and
    /// flow coordinator: the host counts what the backend made and decorates
    /// it (its `+Trace` file's `decorate(_:in:)`). Nothing here.
    open func willShow(_ view: AnyObject) {}

    /// Called by BindingKit's shared code for an object that only closures
    /// hold (the flow coordinator, which its actions keep), which the host's
    /// census could not find by walking from the screens. Nothing here.
    open func notice(_ object: AnyObject) {}

    /// What a `+Trace` file put beside the backend's objects (a delegate's
    /// stand-in in a weak slot), each kept for as long as its owner lives.
    private var decorations: [(owner: WeakOwner, decoration: AnyObject)] = []
    /// When to let go of the decorations of owners that died.
    private var sweepDecorationsAt = 64

    private struct WeakOwner {
        weak var object: AnyObject?
    }

    /// Keeps `decoration` alive for as long as `owner` is, and not longer
    /// than this world: what holds a tracing proxy that the owner itself
    /// holds only weakly (`weak var delegate`).
    ///
    /// - Complexity: amortised O(1); the decorations of owners that died are
    ///   let go as new ones come.
    public func keep(_ decoration: AnyObject, whileAlive owner: AnyObject) {
        if decorations.count >= sweepDecorationsAt {
            decorations.removeAll { $0.owner.object == nil }
            sweepDecorationsAt = max(64, decorations.count * 2)
        }
        decorations.append((WeakOwner(object: owner), decoration))
    }
}

/// A class whose instances the census of live objects leaves out: the
/// approach's plumbing (an `Event`, an `Observable`, a `Weak` box), as
/// opposed to its objects (views, view models, coordinators), whose
/// lifetimes `:alive` shows. A backend declares it in its `+Trace` file
/// (`extension Event: CensusExempt {}`), never in the article's code.
public protocol CensusExempt: AnyObject {}
