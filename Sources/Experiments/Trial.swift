// Experiments: what tells the binding approaches apart, observed by running
// each backend's own glue (through BindingKit's `ProbeSubject`) on fresh
// worlds on the virtual clock: `:probe`, `bindlab matrix`, and the checks of
// declared traits. Backends never import this module.
// May import: Domain, Catalog, BindingKit, Playground (its sandboxes).
public import BindingKit
import Catalog
import Domain
public import Playground

/// One run of one experiment: a fresh clock and model, the backend's probe
/// subject, and a world of its own for each view attached, so that what each
/// view received can be told apart. Nothing is shared between benches.
final class Trial {
    /// How many main-queue turns a drain may run before it calls the queue endless.
    static let turnBudget = 100_000

    let scheduler = VirtualScheduler()
    /// One census for every world of the trial: its roots are all of theirs.
    private let census: Census
    /// The view model's world.
    let world: Sandbox
    private(set) var viewWorlds: [Sandbox] = []
    private let useCases: UseCases
    private let backend: any BindingBackend
    /// The bench is the only owner of the subject and of the views, so that
    /// letting go of them here is letting go of them.
    private var subjectHeld: (any ProbeSubject)?
    private var views: [(any Screen)?] = []
    /// Every view attached, weakly: whether it outlives the bench's hold.
    private var attached: [WeakView] = []

    /// A bench for `backend`, its probe subject made.
    init(_ backend: any BindingBackend) throws(ProbeRefusal) {
        self.backend = backend
        census = Census(of: backend)
        useCases = UseCases.forProbes(on: scheduler)
        world = Sandbox(backend: backend, scheduler: scheduler, useCases: useCases, census: census)
        let made = try world.perform { () throws(ProbeRefusal) in try backend.makeProbeSubject(in: world) }
        subjectHeld = made
        world.addRoot(made)
    }

    /// The subject, while the bench keeps it. Experiments go through the
    /// bench, never hold it: a reference of theirs would keep it alive.
    private var subject: any ProbeSubject {
        get throws(ProbeRefusal) {
            guard let subjectHeld else { throw ProbeRefusal("the experiment let go of its view model") }
            return subjectHeld
        }
    }

    /// Makes `change` through the view model's input.
    func change(_ change: ProbeChange) throws(ProbeRefusal) {
        let subject = try subject
        try world.perform { () throws(ProbeRefusal) in try subject.change(change) }
    }

    /// Binds the `index`th view again.
    func bindAgain(_ index: Int) throws(ProbeRefusal) {
        guard let view = view(index) else { return }
        let subject = try subject
        try world.perform { () throws(ProbeRefusal) in try subject.bindAgain(view) }
    }

    /// Hands the `index`th view a second view model.
    func rebindToNewViewModel(_ index: Int) throws(ProbeRefusal) {
        guard let view = view(index) else { return }
        let subject = try subject
        try world.perform { () throws(ProbeRefusal) in try subject.rebindToNewViewModel(view) }
    }

    /// Hands the `index`th view a second view model, forgetting to unbind from the first.
    func rebindForgettingUnbind(_ index: Int) throws(ProbeRefusal) {
        guard let view = view(index) else { return }
        let subject = try subject
        try world.perform { () throws(ProbeRefusal) in try subject.rebindForgettingUnbind(view) }
    }

    var rebindSource: String { subjectHeld?.rebindSource ?? "" }

    /// What the view model keeps for its listeners; 0 once it is let go.
    var registrations: Int { subjectHeld?.registrations ?? 0 }
    var listenerStorage: String { subjectHeld?.listenerStorage ?? "" }
    func describe(_ wiring: ProbeWiring) -> String { subjectHeld?.describe(wiring) ?? "" }

    func attachTwoWayField(in world: Sandbox) throws(ProbeRefusal) -> any TwoWayProbe {
        let subject = try subject
        return try world.perform { () throws(ProbeRefusal) in try subject.attachTwoWayField(in: world) }
    }

    /// A bare listener on the view model's rows (`ProbeSubject.listen`).
    @discardableResult
    func listen(toRow row: Int, form: ProbeWiring, _ heard: @escaping (ProbeDelivery) -> Void)
        throws(ProbeRefusal) -> any ProbeListener
    {
        let subject = try subject
        return try world.perform { () throws(ProbeRefusal) in try subject.listen(toRow: row, form: form, heard) }
    }

    func bindTwoCommandsToOneButton() throws(ProbeRefusal) -> String {
        let subject = try subject
        return try world.perform { () throws(ProbeRefusal) in try subject.bindTwoCommandsToOneButton() }
    }

    func changeUnreadValue() throws(ProbeRefusal) {
        let subject = try subject
        try world.perform { () throws(ProbeRefusal) in try subject.changeUnreadValue() }
    }

    /// Attaches one more view, in a world of its own; the bench keeps it.
    ///
    /// - Returns: the view's world, where its widget updates are counted.
    @discardableResult
    func attach(_ wiring: ProbeWiring = .recommended) throws(ProbeRefusal) -> Sandbox {
        let world = viewWorld()
        let subject = try subject
        let view = try world.perform { () throws(ProbeRefusal) in try subject.attachView(in: world, wiring: wiring) }
        views.append(view)
        attached.append(WeakView(view: view))
        // The trial's one census walks from the view model and every view.
        self.world.addRoot(view)
        return world
    }

    /// The `index`th view attached, while the bench keeps it.
    func view(_ index: Int) -> (any Screen)? { views.indices.contains(index) ? views[index] : nil }

    /// The rows the `index`th view's list has, 0 when it has none.
    func rowCount(of index: Int) -> Int { view(index)?.widget(ListWidget.self, named: "list")?.count ?? 0 }

    /// Lets go of every view (the window drops them).
    func releaseViews() {
        surveyAll()
        views = views.map { _ in nil }
    }

    /// Counts what the trial made so far: before anything is let go, so that
    /// what stays alive afterwards was seen.
    func surveyAll() {
        world.survey()
    }

    /// Lets go of the subject, and with it the view model (unless something else holds it).
    func releaseSubject() {
        surveyAll()
        subjectHeld = nil
    }

    /// A world for one more view: the same clock and model, its own trace.
    func viewWorld() -> Sandbox {
        let world = Sandbox(backend: backend, scheduler: scheduler, useCases: useCases, census: census)
        viewWorlds.append(world)
        return world
    }

    /// Runs the main queue and the timers until nothing is left (or the budget
    /// is spent), then draws the views still attached, as the screen shows
    /// them once the app is idle: a list asks for the rows it draws, and a
    /// reload that changes none of them is seen to be redundant.
    func drain() {
        var turns = 0
        while turns < Self.turnBudget, scheduler.step() { turns += 1 }
        for case let view? in views { _ = ScreenRenderer.render(view) }
    }

    /// Runs only what is due now: the main-queue turns of this instant.
    func settleNow() {
        scheduler.advance(by: 0)
    }

    private var worlds: [Sandbox] { [world] + viewWorlds }

    /// The views attached that are still alive, held by the bench or not.
    var liveViews: Int { attached.filter { $0.view != nil }.count }

    private struct WeakView {
        weak var view: (any Screen)?
    }

    /// Live counted objects, by class, those at zero left out.
    var live: [(name: String, live: Int)] {
        world.census.census.filter { $0.live > 0 }
    }

    /// Messages (and render passes) the approach delivered to a listener
    /// that is there, in every world: the trace's hops, sync or queued,
    /// the user's gestures left out.
    var deliveries: Int { hops(.sync) + hops(.queued) - gestures }

    /// The user's gestures among the hops (`user → list  select(3)`).
    private var gestures: Int {
        worlds.reduce(0) { total, world in total + world.tracer.hops.filter { $0.from == "user" }.count }
    }

    /// Hops delivered `delivery`, in every world.
    func hops(_ delivery: Tracer.Hop.Delivery) -> Int {
        worlds.reduce(0) { $0 + ($1.tracer.hopCounts[delivery] ?? 0) }
    }
}

extension UseCases {
    /// The model a probe subject runs on: 100 generated orders, no films,
    /// recent queries in memory, the article's network, all on `scheduler`.
    /// Also what `bindlab bench` measures the probe subjects on.
    public static func forProbes(on scheduler: VirtualScheduler) -> UseCases {
        let network = NetworkConditions()
        let queries = InMemoryMoviesQueriesStorage()
        return UseCases(
            loadOrders: LoadOrdersUseCase(
                repository: GeneratedOrdersRepository(scheduler: scheduler, network: network)),
            searchMovies: SearchMoviesUseCase(
                moviesRepository: CatalogueMoviesRepository(
                    catalogue: MovieCatalogue(movies: []), scheduler: scheduler, network: network),
                moviesQueriesRepository: queries),
            fetchRecentMovieQueries: FetchRecentMovieQueriesUseCase(moviesQueriesRepository: queries))
    }
}

/// Widget updates, and how many of them set a widget to what it showed.
struct Updates: Equatable {
    var all = 0
    var redundant = 0

    static func - (lhs: Updates, rhs: Updates) -> Updates {
        Updates(all: lhs.all - rhs.all, redundant: lhs.redundant - rhs.redundant)
    }
}

extension World {
    /// The widget updates counted so far in this world.
    var updates: Updates { Updates(all: tracer.updateCount, redundant: tracer.redundantUpdateCount) }
}
