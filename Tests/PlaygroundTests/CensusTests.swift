import BindingKit
import Domain
import Playground
import Testing

/// A backend whose classes are this test module's: the census counts them.
private struct TestBackend: BindingBackend {
    let info = BackendInfo(id: "test", summary: "", article: "", year: 2026)
    func makeOrdersScreen(in world: World, navigator: Navigator) -> any Screen { TestScreen() }
    func makeMoviesScreen(in world: World, navigator: Navigator) -> any Screen { TestScreen() }
}

private final class TestScreen: Screen {
    let title = Label("Test")
    var widgets: [any Widget] { [] }
}

private final class Counted {
    var partner: Counted?
}

private final class Plumbing: CensusExempt {
    var held: [AnyObject] = []
}

private class Holder {
    var held: [AnyObject] = []
    weak var weakly: Counted?
    var optional: Holder?
}

private final class Subholder: Holder {}

/// Counted objects in each kind of container a walk reads without a Mirror.
private final class Containers {
    var dictionary: [Int: Counted] = [:]
    var nested: Counted?? = nil
    var tuple: (Int, Counted)? = nil
    var contiguous: ContiguousArray<Counted> = []
    var set: Set<Key> = []

    struct Key: Hashable {
        let id: Int
        let object: Counted
        static func == (a: Key, b: Key) -> Bool { a.id == b.id }
        func hash(into hasher: inout Hasher) { hasher.combine(id) }
    }
}

private final class Generic<Value> {
    let value: Value
    init(_ value: Value) { self.value = value }
}

@Suite struct CensusTests {
    fileprivate static func sandbox(census: Census? = nil) -> Sandbox {
        let scheduler = VirtualScheduler()
        let orders = OrdersRepositoryStub()
        let useCases = UseCases(
            loadOrders: LoadOrdersUseCase(repository: orders),
            searchMovies: SearchMoviesUseCase(
                moviesRepository: MoviesRepositoryStub(), moviesQueriesRepository: QueriesStub()),
            fetchRecentMovieQueries: FetchRecentMovieQueriesUseCase(moviesQueriesRepository: QueriesStub()))
        return Sandbox(backend: TestBackend(), scheduler: scheduler, useCases: useCases, census: census)
    }

    /// An object reached from a root counts while it lives, by its class's name, and stops counting when it dies.
    @Test func countsWhatTheRootsReachWhileItLives() {
        let world = Self.sandbox()
        let root = Holder()
        world.addRoot(root)
        root.held = [Counted(), Counted()]
        #expect(world.census.live("Counted") == 2)
        root.held.removeFirst()
        #expect(world.census.live("Counted") == 1)
        #expect(world.census.census.map(\.name) == ["Counted", "Holder"])
    }

    /// What no root reaches and nobody noticed is not counted.
    @Test func objectsNoRootReachesAreNotCounted() {
        let world = Self.sandbox()
        let outside = Counted()
        #expect(world.census.live("Counted") == 0)
        withExtendedLifetime(outside) {}
    }

    /// Once seen, an object counts until it dies, reachable or not: a cycle let go stays counted; the dead count zero.
    @Test func keepsZeroesAndSeesCyclesLetGo() {
        let world = Self.sandbox()
        let root = Holder()
        world.addRoot(root)
        do {
            let a = Counted()
            let b = Counted()
            a.partner = b
            b.partner = a
            root.held = [a, b, Counted()]
        }
        #expect(world.census.live("Counted") == 3)
        root.held = []
        #expect(world.census.live("Counted") == 2, "the cycle outlives its root")
        #expect(world.census.census.map(\.name) == ["Counted", "Holder"])
    }

    /// The walk follows weak references, optionals, collections, superclasses and associated objects.
    @Test func followsEveryKindOfStoredReference() {
        let world = Self.sandbox()
        let root = Holder()
        world.addRoot(root)
        let strong = Counted()
        let inArray = Counted()
        let associated = Counted()
        let subclass = Subholder()
        subclass.held = [inArray]
        root.weakly = strong
        root.optional = subclass
        setAssociatedObject(subclass, Self.key, associated, .retain)
        #expect(world.census.live("Counted") == 3)
        #expect(world.census.live("Subholder") == 1)
        withExtendedLifetime((strong, inArray, associated)) {}
    }

    private static let key = AssociationKey<Counted>("test")

    /// Dictionaries, sets, arrays, optionals within optionals and tuples in optionals are all walked into.
    @Test func followsTheStandardLibrarysContainers() {
        let world = Self.sandbox()
        let root = Containers()
        world.addRoot(root)
        root.dictionary = [1: Counted(), 2: Counted()]
        root.nested = .some(.some(Counted()))
        root.tuple = (1, Counted())
        root.contiguous = [Counted()]
        root.set = [Containers.Key(id: 1, object: Counted())]
        #expect(world.census.live("Counted") == 6)
        root.dictionary = [:]
        root.nested = .some(nil)
        #expect(world.census.live("Counted") == 3)
    }

    /// A walk of what is new goes through no object counted before (but
    /// its roots): what only an old object holds waits for a full walk.
    @Test func aWalkOfWhatIsNewStopsAtWhatWasCountedBefore() {
        let census = Census(of: TestBackend())
        let old = Counted()
        census.walk(from: [old])
        #expect(census.live("Counted") == 1)
        let screen = Holder()
        let fresh = Counted()
        fresh.partner = Counted()
        old.partner = Counted()  // hung on the old object
        screen.held = [old, fresh]
        census.walk(from: [screen], onlyNew: true)
        #expect(census.live("Holder") == 1)
        #expect(census.live("Counted") == 3, "the new one and what it holds, not what the old one got")
        census.walk(from: [screen])
        #expect(census.live("Counted") == 4)
        // A root is walked through even when it was counted before.
        old.partner?.partner = Counted()
        census.walk(from: [old.partner!], onlyNew: true)
        #expect(census.live("Counted") == 5)
        withExtendedLifetime((old, screen, fresh)) {}
    }

    /// Plumbing the backend declares exempt is walked through but not counted; generic classes count by their full name.
    @Test func leavesOutExemptClassesAndNamesGenericsInFull() {
        let world = Self.sandbox()
        let root = Plumbing()
        root.held = [Generic(3), Generic("three")]
        world.addRoot(root)
        #expect(world.census.census.map(\.name) == ["Generic<Int>", "Generic<String>"])
    }

    /// Worlds that share a census count each object once, whichever of their roots reaches it.
    @Test func worldsSharingACensusCountEachObjectOnce() {
        let census = Census(of: TestBackend())
        let first = Self.sandbox(census: census)
        let second = Self.sandbox(census: census)
        let shared = Counted()
        let one = Holder()
        one.held = [shared]
        let two = Holder()
        two.held = [shared, Counted()]
        first.addRoot(one)
        first.addRoot(two)
        #expect(first.census.live("Counted") == 2)
        #expect(second.census.live("Counted") == 2)
        withExtendedLifetime((shared, one, two)) {}
    }

    /// A job queued in a world runs in it, whatever world is current when the clock runs it.
    @Test func aQueuedJobRunsInTheWorldItWasQueuedFrom() {
        let world = Self.sandbox()
        let other = Sandbox(backend: TestBackend(), scheduler: world.scheduler, useCases: world.useCases)
        var ranIn: World?
        world.run { world.scheduler.async { ranIn = World.current } }
        other.run { _ = world.scheduler.step() }
        #expect(ranIn === world)
    }
}

private final class OrdersRepositoryStub: OrdersRepository {
    func fetchOrders(completion: @escaping (Result<[Order], DataError>) -> Void) -> any Cancellable { Nothing() }
}

private final class MoviesRepositoryStub: MoviesRepository {
    static let pageSize = 20
    func fetchMoviesList(
        query: MovieQuery, page: Int, completion: @escaping (Result<MoviesPage, DataError>) -> Void
    ) -> any Cancellable { Nothing() }
}

private final class QueriesStub: MoviesQueriesRepository {
    func fetchRecentsQueries(maxCount: Int, completion: @escaping (Result<[MovieQuery], DataError>) -> Void) {}
    func saveRecentQuery(query: MovieQuery, completion: @escaping (Result<MovieQuery, DataError>) -> Void) {}
}

private final class Nothing: Cancellable {
    func cancel() {}
}
