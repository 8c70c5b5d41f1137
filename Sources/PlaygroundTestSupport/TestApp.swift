public import BindingKit
import Domain
public import Playground

/// One backend's app on a simulated device, over the fakes above, with
/// helpers to read back what the user sees.
public final class TestApp {
    /// The data layer's latency: the article's one second.
    public static let latency = 1000

    public let world: Sandbox
    public let movies: FakeMoviesRepository
    public let queries = InMemoryMoviesQueriesRepository()
    public let orders: FakeOrdersRepository
    public let device: Device

    public init(backend: any BindingBackend) {
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
    public func perform(_ action: UserAction) throws(ActionError) {
        defer { world.scheduler.advance(by: 0) }
        try device.perform(action)
    }

    /// Scrolls the visible screen's list to its end, as a finger would
    /// (the list's `onReachEnd`), without going through the Load more button.
    public func scrollToEnd() {
        device.visibleScreen?.widget(ListWidget.self, named: "list")?.scrollToEnd()
    }

    /// Lets `milliseconds` of virtual time pass.
    public func wait(_ milliseconds: Int) {
        world.scheduler.advance(by: milliseconds)
    }

    /// Runs the main queue and the timers until nothing is left.
    public func drain() {
        while world.scheduler.step() {}
    }

    /// The visible screen as drawn, frame and title included.
    public var screen: [String] { ScreenRenderer.render(device.visibleScreen) }

    /// The visible screen's lines inside the frame, without trailing spaces.
    public var lines: [String] {
        screen.dropFirst().dropLast().map { line in
            var text = String(line.dropFirst(2).dropLast(2))
            while text.last == " " { text.removeLast() }
            return text
        }
    }

    /// The visible screen's navigation title.
    public var title: String? { device.visibleScreen?.title.text }

    /// The texts of the visible screen's list called `name`; nil when it has none.
    public func rows(_ name: String = "list") -> [String]? {
        device.visibleScreen?.widget(ListWidget.self, named: name)?.rows.map(\.text)
    }

    /// The visible screen's alert, if one is presented.
    public var alert: Alert? {
        device.visibleScreen?.widget(Alert.self).flatMap { $0.isPresented ? $0 : nil }
    }

    /// `lines` as this backend shows them: as given, or without the
    /// container's full-screen spinner for a backend that declares its
    /// container never hears the loading (`lastObserverWins`).
    public func shown(_ lines: [String]) -> [String] {
        let missesLoading = device.backend.traits.contains {
            if case .lastObserverWins = $0 { true } else { false }
        }
        return missesLoading ? lines.filter { $0 != "⟳ Loading…" } : lines
    }

    /// Whether the live objects left are exactly those `backend` declares it
    /// keeps: nothing, for a backend that declares nothing.
    public func holdsOnlyDeclaredObjects(of backend: any BindingBackend) -> Bool {
        let declared = backend.traits.flatMap { trait -> [String] in
            if case .keepsAliveAfterRelease(let classes, _) = trait { return classes }
            return []
        }
        let live = world.census.census.filter { $0.live > 0 }.map(\.name)
        return Set(live) == Set(declared)
    }
}
