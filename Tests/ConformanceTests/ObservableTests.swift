import BindingKit
import Domain
import Playground
import Testing

@testable import ObservableBackend

/// What only the `observable` backends promise: the Clean Architecture
/// article's `Observable`s as they are (replay, order, equal values, removal,
/// dead entries, the article's one closure, the older main-queue form), and
/// the consequences the playground shows.
@Suite struct ObservableTests {
    /// An observer that records what it is given.
    final class Recorder {
        private(set) var received: [Int] = []
        func record(_ value: Int) { received.append(value) }
    }

    /// Observing calls the block at once with the current value.
    @Test func observeReplaysTheCurrentValue() {
        let observable = Observable(7)
        let recorder = Recorder()
        observable.observe(on: recorder) { [weak recorder] in recorder?.record($0) }
        #expect(recorder.received == [7])
    }

    /// Every set notifies the observers synchronously, in the order they subscribed.
    @Test func observersAreNotifiedInSubscriptionOrder() {
        let observable = Observable(0)
        var calls: [String] = []
        let first = Recorder()
        let second = Recorder()
        observable.observe(on: second) { calls.append("second \($0)") }
        observable.observe(on: first) { calls.append("first \($0)") }
        observable.observe(on: second) { calls.append("second again \($0)") }
        calls.removeAll()
        observable.value = 1
        #expect(calls == ["second 1", "first 1", "second again 1"])
    }

    /// Setting the value it already holds notifies again: there is no comparison.
    @Test func equalValuesNotify() {
        let observable = Observable(3)
        let recorder = Recorder()
        observable.observe(on: recorder) { [weak recorder] in recorder?.record($0) }
        observable.value = 3
        observable.value = 3
        #expect(recorder.received == [3, 3, 3])
    }

    /// `remove(observer:)` drops every entry of that observer and no other.
    @Test func removeDropsAllEntriesOfTheObserver() {
        let observable = Observable(0)
        let removed = Recorder()
        let kept = Recorder()
        observable.observe(on: removed) { [weak removed] in removed?.record($0) }
        observable.observe(on: kept) { [weak kept] in kept?.record($0) }
        observable.observe(on: removed) { [weak removed] in removed?.record($0 * 10) }
        observable.remove(observer: removed)
        #expect(observable.entryCount == 1)
        observable.value = 1
        #expect(removed.received == [0, 0])
        #expect(kept.received == [0, 1])
    }

    /// An observer that dies leaves its entry behind: its block keeps running on every set.
    @Test func deadEntriesAreNeverPruned() {
        let observable = Observable(0)
        var blockRuns = 0
        do {
            let gone = Recorder()
            observable.observe(on: gone) { [weak gone] value in
                blockRuns += 1
                gone?.record(value)
            }
        }
        observable.value = 1
        observable.value = 2
        let late = Recorder()
        observable.observe(on: late) { [weak late] in late?.record($0) }
        #expect(observable.entryCount == 2)
        #expect(blockRuns == 3)
    }

    /// The article's form keeps one closure: observing again replaces it, and the new one is called at once.
    @Test func articleFormReplacesTheClosure() {
        let observable = ArticleObservable(1)
        let first = Recorder()
        let second = Recorder()
        observable.observe { [weak first] in first?.record($0) }
        observable.observe { [weak second] in second?.record($0) }
        observable.value = 2
        #expect(first.received == [1])
        #expect(second.received == [1, 2])
    }

    /// The older form delivers the replay and each set a main-queue turn later, each block reading the value when its turn runs.
    @Test func mainQueueFormDeliversLaterWithTheValueOfThen() {
        let world = TestApp(backend: ObservableBackend(.mainQueue)).world
        let recorder = Recorder()
        world.run {
            let observable = MainQueueObservable(1)
            observable.observe(on: recorder) { [weak recorder] in recorder?.record($0) }
            #expect(recorder.received.isEmpty)
            observable.value = 2
            observable.value = 3
        }
        #expect(recorder.received.isEmpty)
        while world.scheduler.step() {}
        #expect(recorder.received == [3, 3, 3])
    }

    /// Under the repository's API the article's form ignores the observer and cannot remove anyone.
    @Test func articleFormUnderTheRepositoryAPI() {
        let observable: any ObservableProperty<Int> = ArticleObservable(0)
        let recorder = Recorder()
        observable.observe(on: recorder) { [weak recorder] in recorder?.record($0) }
        observable.remove(observer: recorder)
        observable.value = 5
        #expect(recorder.received == [0, 5])
    }

    /// A view model's outputs, as the decoration finds them.
    final class Outputs {
        let title: any ObservableProperty<String>
        init(_ form: ObservableForm) { title = form.make("") }
    }

    /// The decoration names each output after its property; a trace hop per block called; a dead observer's block still runs and shows as dropped.
    @Test func deliveriesAreTracedAndDeadOnesDropped() {
        let world = TestApp(backend: ObservableBackend()).world
        let outputs = Outputs(.repository)
        ObservableBackend().decorate(outputs, in: world)
        let alive = Recorder()
        outputs.title.observe(on: alive) { [weak alive] _ in alive?.record(0) }
        do {
            let gone = Recorder()
            outputs.title.observe(on: gone) { [weak gone] _ in gone?.record(0) }
        }
        _ = world.tracer.drain()
        outputs.title.value = "x"
        let hops = world.tracer.drain().hops
        #expect(hops.map(\.message) == ["title = \"x\"", "title = \"x\""])
        #expect(hops.map(\.from) == ["Outputs", "Outputs"])
        #expect(hops.map(\.to) == ["Recorder", "nil"])
        #expect(hops.map(\.delivery) == [.sync, .dropped])
    }

    /// The article's form's one closure is traced to whoever observed last, and dropped once that observer is gone.
    @Test func articleFormTracesItsLastObserver() {
        let world = TestApp(backend: ObservableBackend(.article)).world
        let outputs = Outputs(.article)
        ObservableBackend(.article).decorate(outputs, in: world)
        let first = Recorder()
        outputs.title.observe(on: first) { [weak first] _ in first?.record(0) }
        do {
            let gone = Recorder()
            outputs.title.observe(on: gone) { [weak gone] _ in gone?.record(0) }
            outputs.title.value = "x"
        }
        outputs.title.value = "y"
        let hops = world.tracer.drain().hops
        #expect(hops.map(\.message) == ["title = \"\"", "title = \"\"", "title = \"x\"", "title = \"y\""])
        #expect(hops.map(\.delivery) == [.sync, .sync, .sync, .dropped])
        #expect(first.received == [0])
    }

    /// With the repository's form the container and the content both hear `loading`; with the article's only the content.
    @Test(arguments: [ObservableBackend.Variant.repository, .article])
    func secondObserverOfLoading(variant: ObservableBackend.Variant) throws {
        let app = TestApp(backend: ObservableBackend(variant))
        try app.perform(.movies(.search("star wars")))
        let hops = app.world.tracer.drain().hops.filter { $0.message == "loading = .fullScreen" }
        let listeners = hops.map(\.to).map { $0.hasPrefix("ContainerView") ? "container" : $0 }
        #expect(listeners == (variant == .repository ? ["container", "MoviesListView"] : ["MoviesListView"]))
    }

    /// The article's warning holds: a block that reads `viewModel` keeps the view model alive after its view is gone (the experiments' wiring of the orders list); the shipped movies screen keeps nothing.
    @Test(arguments: [ObservableBackend.Variant.repository, .article])
    func capturingTheViewModelInTheBlockLeaks(variant: ObservableBackend.Variant) throws {
        let naive = TestApp(backend: ObservableBackend(variant))
        do {
            let subject = try ObservableBackend(variant).makeProbeSubject(in: naive.world)
            let view = try naive.world.run { () throws(ProbeRefusal) in
                try subject.attachView(in: naive.world, wiring: .article)
            }
            naive.world.addRoot(subject)
            naive.world.addRoot(view)
            naive.drain()
            naive.world.survey()
        }
        naive.drain()
        #expect(naive.world.census.live("OrdersListViewModel") == 1)
        #expect(naive.world.census.live("OrdersListView") == 0)

        let proper = TestApp(backend: ObservableBackend(variant))
        try proper.perform(.movies(.search("star wars")))
        proper.drain()
        proper.device.releaseViews()
        proper.drain()
        #expect(proper.world.census.totalLive == 0, "\(proper.world.census.census)")
    }

    /// A reused cell hears an old row's poster unless it removed itself: the
    /// repository's form with `remove(observer:)` stops it; the article's
    /// form (which cannot remove) does not.
    @Test(arguments: [(ObservableForm.repository, false), (.article, true)])
    func reusedCellAndTheOldRowsPoster(form: ObservableForm, hearsOldRow: Bool) {
        let world = TestApp(backend: ObservableBackend()).world
        let (cell, old) = world.run {
            let old = MoviesListItemViewModel(movie: FakeMoviesRepository.starWars, form: form)
            let new = MoviesListItemViewModel(movie: FakeMoviesRepository.alien, form: form)
            let cell = MoviesListItemCell()
            cell.fill(with: old)
            cell.fill(with: new)
            return (cell, old)
        }
        while world.scheduler.step() {}
        #expect(cell.row.text == "Alien")
        #expect(cell.posterImage == "Alien, 92 px wide")

        world.run { old.posterImage.value = "Star Wars, re-cut" }
        #expect(cell.posterImage == (hearsOldRow ? "Star Wars, re-cut" : "Alien, 92 px wide"))
    }

    /// Cells that cannot `remove(observer:)` (the article's form) draw the same movies screens as the repository's careful ones: in the shipped flows no old row changes after its cell is reused.
    @Test func cellsThatCannotRemoveDoNotShowOnScreen() throws {
        let careful = TestApp(backend: ObservableBackend())
        let naive = TestApp(backend: ObservableBackend(.article))
        let actions: [UserAction] = [
            .movies(.search("star wars")), .movies(.more), .movies(.search("alien")), .movies(.recent(row: nil)),
            .movies(.recent(row: 0)),
        ]
        for action in actions {
            try careful.perform(action)
            try naive.perform(action)
            careful.drain()
            naive.drain()
            #expect(naive.screen == careful.screen, "\(action)")
        }
        #expect(naive.rows() == ["Alien", "Aliens"])
    }

    /// A drawn row's poster is loaded after the row is shown, a main-queue turn later, without moving the clock.
    @Test func postersArriveAfterTheRowsAreShown() throws {
        let app = TestApp(backend: ObservableBackend())
        try app.perform(.movies(.search("alien")))
        app.wait(TestApp.latency)
        let hops = app.world.tracer.drain().hops.filter { $0.to == "MoviesListItemCell" }
        #expect(
            hops.map(\.message) == [
                "posterImage = nil", "posterImage = nil", "posterImage = loaded", "posterImage = loaded",
            ])
        #expect(app.world.scheduler.now == TestApp.latency)
        #expect(app.rows() == ["Alien", "Aliens"])
    }

    /// Through the experiments' handle, binding a view again adds its entries again in the repository's form and only replaces the closures in the article's.
    @Test(arguments: [ObservableBackend.Variant.repository, .article])
    func probeBindAgain(variant: ObservableBackend.Variant) throws {
        let app = TestApp(backend: ObservableBackend(variant))
        let subject = try ObservableBackend(variant).makeProbeSubject(in: app.world)
        let first = try subject.attachView(in: app.world, wiring: .recommended)
        _ = try subject.attachView(in: app.world, wiring: .recommended)
        #expect(subject.registrations == (variant == .repository ? 4 : 2))
        try subject.bindAgain(first)
        #expect(subject.registrations == (variant == .repository ? 6 : 2))
    }

    /// A view whose blocks capture it strongly stays alive, held by its view model's observables, after the experiment drops it.
    @Test func probeStrongSelfKeepsTheView() throws {
        let app = TestApp(backend: ObservableBackend())
        let subject = try ObservableBackend().makeProbeSubject(in: app.world)
        app.world.addRoot(subject)
        for wiring in [ProbeWiring.strongSelf, .recommended] {
            let view = try subject.attachView(in: app.world, wiring: wiring)
            app.world.addRoot(view)
            app.world.survey()
        }
        app.drain()
        #expect(app.world.census.live("OrdersListView") == 1)
    }

    /// The view model's answer lands on a main-queue turn after the data layer's: its outputs are set there.
    @Test func answersAreHandledOnTheMainQueue() throws {
        let app = TestApp(backend: ObservableBackend())
        try app.perform(.orders(.load))
        _ = app.world.tracer.drain()
        app.wait(TestApp.latency)
        let hops = app.world.tracer.drain().hops
        #expect(!hops.isEmpty)
        #expect(hops.allSatisfy { $0.delivery == .queued })
        #expect(app.title == "Orders (100)")
    }
}
