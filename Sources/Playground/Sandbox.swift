public import BindingKit

/// One backend's world as the host runs it: the world the backend is given
/// (its clock, its trace, its model), the census of the objects it makes,
/// and the decoration of those objects by its `+Trace` file.
///
/// Everything the backend does runs in its sandbox (`run(_:)`, and every job
/// of the clock, which runs in the world it was queued from), so that its
/// widgets trace here and its `DispatchQueue.main` is this clock. The
/// shell's lanes, the experiments' trials, the benchmarks and the tests all
/// make their worlds this one way.
public final class Sandbox: World {
    public let backend: any BindingBackend
    public let scheduler: VirtualScheduler
    private let counted: Census
    /// Where the census starts its walks: what holds the app (a device's
    /// navigation stacks, an experiment's view model and views). Weak: a
    /// root let go is the app let go.
    private var roots: [WeakRoot] = []

    private struct WeakRoot {
        weak var object: AnyObject?
    }

    /// - Parameter census: the census this sandbox counts into, shared by
    ///   the worlds of one experiment; a census of its own by default.
    public init(backend: any BindingBackend, scheduler: VirtualScheduler, useCases: UseCases, census: Census? = nil) {
        self.backend = backend
        self.scheduler = scheduler
        self.counted = census ?? Census(of: backend)
        super.init(clock: scheduler, useCases: useCases)
    }

    /// The live instances of the backend's classes made in this world, as of
    /// now (reading it walks the graph first).
    public var census: Census {
        survey()
        return counted
    }

    /// Makes `root` a starting point of the census's walks, while it lives.
    public func addRoot(_ root: AnyObject) {
        roots.removeAll { $0.object == nil }
        roots.append(WeakRoot(object: root))
    }

    /// Runs `body` in this world.
    public func run<Result, Failure: Error>(_ body: () throws(Failure) -> Result) throws(Failure) -> Result {
        try perform(body)
    }

    /// Walks the whole graph from the roots, counting what is new and
    /// decorating it: before anything is let go, and before the census is
    /// read, so that what stays alive afterwards was seen.
    public func survey() {
        survey(from: roots.compactMap(\.object), onlyNew: false)
    }

    /// Walks the graph from `starts`, counts what is new there, then hands
    /// each new object, once and in the order found, to the backend's
    /// `decorate(_:in:)` (its `+Trace` file), in this world. With `onlyNew`
    /// the walks go through nothing counted before (`Census.walk`): a screen
    /// about to be shown is new, and what it made is reached through it,
    /// without the whole app walked again for each screen pushed.
    private func survey(from starts: [AnyObject], onlyNew: Bool) {
        perform {
            var fresh: [AnyObject] = []
            var from = starts
            repeat {
                counted.walk(from: from, onlyNew: onlyNew)
                fresh = counted.takeUndecorated()
                // What decorating makes is counted and decorated too, in the
                // same pass: found from what was decorated (a walk of what is
                // new goes through no object counted before, those included).
                for object in fresh { backend.decorate(object, in: self) }
                if onlyNew { from = starts + fresh }
            } while !fresh.isEmpty
        }
    }

    /// A screen or child view about to be shown: it, and what is new that it
    /// holds, is counted and decorated before its `viewDidLoad` sends anything.
    public override func willShow(_ view: AnyObject) { survey(from: [view], onlyNew: true) }

    public override func notice(_ object: AnyObject) { survey(from: [object], onlyNew: true) }
}
