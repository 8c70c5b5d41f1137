// binding-bench: what one delivered event costs, mechanism by mechanism —
// a direct method call, a weak delegate (the `delegate` backend), an enum
// through one `handle(event:)` (`event-enum`), and `Output.send` with 1, 10
// and 100 handlers (`output`), plus the main-queue hop the `output` backend
// adds to each delivery, a set of `Observable.value` with 1, 10 and 100
// observers (`observable`) and of the article's one-closure form
// (`observable-article`), and Swift's Observation (`observation`): a set with
// no tracker, and a set that fires `withObservationTracking`'s `onChange`
// followed by the re-registration, with and without the main-queue hop the
// backend's render loop adds, and the Tinkoff article's `Event.raise` with 1,
// 10 and 100 subscribers (`event`), and seed 003's `Dynamic` set with 1, 10
// and 100 listeners and a two-way binding's set (`dynamic`). Run it in
// release:
//
//     swift run -c release binding-bench [--quick]
//
// `Output`, `Observable`, `ArticleObservable`, `Event` and `Dynamic` are the
// backends' own classes (public for this); the other mechanisms
// are a few lines each, copied here in the backends' shape, because exposing
// the backends' view models would be worse. Each figure is the median of
// several runs; the optimiser is kept honest by receivers that are
// `@inline(never)`, reached through existentials and closures built in
// `@inline(never)` factories, with payloads that vary per event and a
// checksum that is printed and checked at the end.
// May import: OutputBackend, ObservableBackend, EventBackend, DynamicBackend,
// BindingKit (for the virtual main queue), Observation. (Observation's `Observable` and the
// `observable` backend's share a name: the bench names the latter through
// `RepositoryObservable`.)
import BindingKit
import DynamicBackend
import EventBackend
import ObservableBackend
import Observation
import OutputBackend
import Playground

// MARK: - The event and the receiving view

/// What every mechanism delivers: the `items` change of an orders screen.
enum ViewModelEvent {
    case updateTitle(String)
    case items(count: Int)
    case loading(Bool)
}

/// Weak delegate, one method per change (seed 000, step 1).
protocol OrdersViewModelDelegate: AnyObject {
    func didReceive(items count: Int)
}

/// One method for every change (seed 000, step 2).
protocol ViewModelListener: AnyObject {
    func handle(event: ViewModelEvent)
}

/// The view: adds up what it is told, so that no delivery can be dropped unseen.
final class View: OrdersViewModelDelegate, ViewModelListener {
    private(set) var total = 0

    @inline(never)
    func didReceive(items count: Int) { total &+= count }

    @inline(never)
    func handle(event: ViewModelEvent) {
        switch event {
        case .items(let count): total &+= count
        case .updateTitle(let title): total &+= title.utf8.count
        case .loading(let isLoading): total &+= isLoading ? 1 : 0
        }
    }
}

// MARK: - The senders, in each backend's shape

/// Calls its view directly.
final class DirectViewModel {
    let view: View
    init(view: View) { self.view = view }

    @inline(never)
    func send(_ count: Int) { view.didReceive(items: count) }
}

/// `weak var delegate`, as `DelegateBackend.OrdersViewModel`.
final class DelegateViewModel {
    weak var delegate: (any OrdersViewModelDelegate)?

    @inline(never)
    func send(_ count: Int) { delegate?.didReceive(items: count) }
}

/// `weak var listener` taking an enum, as `EventEnumBackend.OrdersViewModel`.
final class EventEnumViewModel {
    weak var listener: (any ViewModelListener)?

    @inline(never)
    func send(_ count: Int) { listener?.handle(event: .items(count: count)) }
}

/// `Output` with `handlers` view handlers, each appended as `bind(with:)`
/// appends it: `[weak view] event in view?.handle(event: event)`.
final class OutputViewModel {
    let output = Output<ViewModelEvent>()

    @inline(never)
    func send(_ count: Int) { output.send(.items(count: count)) }
}

/// The same with the hop `bind(with:)` adds: each handler queues the delivery
/// on the (virtual) main queue, which then runs it.
final class QueuedOutputViewModel {
    let output = Output<ViewModelEvent>()
    let scheduler: VirtualScheduler

    init(scheduler: VirtualScheduler) { self.scheduler = scheduler }

    @inline(never)
    func send(_ count: Int) {
        output.send(.items(count: count))
        while scheduler.step() {}
    }
}

/// An `@Observable` view model (`observation`). It starts at -1, so that
/// every set of 0, 1, … is a change (the macro notifies nobody of an equal
/// value).
@Observable final class ObservedViewModel {
    var items = -1
}

/// The same with nobody tracking it; its `didSet` adds each value up, so that
/// the sets cannot be optimised away.
@Observable final class UntrackedViewModel {
    var items = -1 {
        didSet { total &+= items }
    }
    @ObservationIgnored private(set) var total = 0
}

/// Carries the view into the `@Sendable` `onChange` (one thread here, as in
/// the backend's `MainThreadOnly`).
struct Unchecked<Value>: @unchecked Sendable {
    let value: Value
}

/// A view that reads `items` inside `withObservationTracking`, as the
/// backend's render loop does: `onChange` (fired before the value is stored)
/// only marks it invalid, or queues the re-render on the main queue; the
/// re-render reads the new value, adds it up and tracks again.
final class ObservingView {
    let viewModel: ObservedViewModel
    let scheduler: VirtualScheduler?
    private(set) var total = 0
    var isInvalid = false

    init(viewModel: ObservedViewModel, scheduler: VirtualScheduler?) {
        self.viewModel = viewModel
        self.scheduler = scheduler
    }

    /// Renders inside `withObservationTracking`; the first render adds nothing.
    @inline(never)
    func render(adding: Bool) {
        weak let view = self
        let onChange = Unchecked(value: { [scheduler] in
            if let scheduler {
                scheduler.async { view?.render(adding: true) }
            } else {
                view?.isInvalid = true
            }
        })
        withObservationTracking {
            let items = viewModel.items
            if adding { total &+= items }
        } onChange: {
            onChange.value()
        }
    }
}

/// Sets `items`, then re-registers the view it invalidated, or runs the
/// main queue that re-renders it.
final class ObservationSender {
    let view: ObservingView

    init(view: ObservingView) { self.view = view }

    @inline(never)
    func send(_ count: Int) {
        view.viewModel.items = count
        if let scheduler = view.scheduler {
            while scheduler.step() {}
        } else if view.isInvalid {
            view.isInvalid = false
            view.render(adding: true)
        }
    }
}

/// The Tinkoff article's `Event` with `subscribers` views, each subscribed
/// the article's way: `event.subscribe(view) { this, event in this.handle(event: event) }`.
final class EventViewModel {
    let changed = Event<ViewModelEvent>()

    @inline(never)
    func send(_ count: Int) { changed.raise(.items(count: count)) }
}

// MARK: - Factories the optimiser cannot see through

@inline(never) func makeView() -> View { View() }

@inline(never) func makeDirect(_ view: View) -> DirectViewModel { DirectViewModel(view: view) }

@inline(never) func makeDelegate(_ view: View) -> DelegateViewModel {
    let viewModel = DelegateViewModel()
    viewModel.delegate = view
    return viewModel
}

@inline(never) func makeEventEnum(_ view: View) -> EventEnumViewModel {
    let viewModel = EventEnumViewModel()
    viewModel.listener = view
    return viewModel
}

@inline(never) func makeOutput(_ views: [View]) -> OutputViewModel {
    let viewModel = OutputViewModel()
    for view in views {
        viewModel.output.handlers.append({ [weak view] event in view?.handle(event: event) })
    }
    return viewModel
}

@inline(never) func makeEvent(_ views: [View]) -> EventViewModel {
    let viewModel = EventViewModel()
    for view in views {
        viewModel.changed.subscribe(view) { this, event in this.handle(event: event) }
    }
    return viewModel
}

@inline(never) func makeQueuedOutput(_ view: View) -> QueuedOutputViewModel {
    let scheduler = VirtualScheduler()
    let viewModel = QueuedOutputViewModel(scheduler: scheduler)
    viewModel.output.handlers.append({ [weak view] event in
        scheduler.async { view?.handle(event: event) }
    })
    return viewModel
}

@inline(never) func makeUntracked() -> UntrackedViewModel { UntrackedViewModel() }

@inline(never) func makeObservation(hopping: Bool) -> ObservationSender {
    let view = ObservingView(viewModel: ObservedViewModel(), scheduler: hopping ? VirtualScheduler() : nil)
    view.render(adding: false)
    return ObservationSender(view: view)
}

/// `Observable` with `observers` views observing it as seed 004's views do:
/// `observe(on: view) { [weak view] in view?.didReceive(items: $0) }`.
/// Observing replays the initial 0, which adds nothing to the checksum.
@inline(never) func makeObservable(_ views: [View]) -> RepositoryObservable<Int> {
    let observable = RepositoryObservable(0)
    for view in views {
        observable.observe(on: view) { [weak view] in view?.didReceive(items: $0) }
    }
    return observable
}

/// The article's form, observed by one view.
@inline(never) func makeArticleObservable(_ view: View) -> ArticleObservable<Int> {
    let observable = ArticleObservable(0)
    observable.observe { [weak view] in view?.didReceive(items: $0) }
    return observable
}

/// `Dynamic<Int>` with `listeners` view listeners, each bound as the
/// article recommends: `[weak view] v in view?.didReceive(items: v)`.
@inline(never) func makeDynamic(_ views: [View]) -> Dynamic<Int> {
    let dynamic = Dynamic(0)
    for view in views {
        dynamic >> { [weak view] v in view?.didReceive(items: v) }
    }
    return dynamic
}

/// Two `Dynamic`s bound both ways (`<<>>>`), each with one weak view
/// listener: a set on either side reaches both views, the echo suppressed.
@inline(never) func makeTwoWay(_ left: View, _ right: View) -> (Dynamic<Int>, Dynamic<Int>) {
    let model = Dynamic(0)
    let field = Dynamic(0)
    model <<>>> field
    model >> { [weak left] v in left?.didReceive(items: v) }
    field >> { [weak right] v in right?.didReceive(items: v) }
    return (model, field)
}

// MARK: - Measuring

/// One line of the table.
struct Case {
    let name: String
    /// Events delivered per `send`.
    let fanOut: Int
    /// Sends per run.
    let sends: Int
    /// Runs `sends` sends and returns what the views added up.
    let run: (Int) -> Int
}

/// The median of `runs` timed runs, in nanoseconds per delivered event, and
/// the checksum of the last run.
func measure(_ benchmark: Case, runs: Int) -> (nanoseconds: Double, checksum: Int) {
    let clock = ContinuousClock()
    var samples: [Double] = []
    var checksum = 0
    _ = benchmark.run(benchmark.sends / 10)  // warm-up
    for _ in 0..<runs {
        var sum = 0
        let elapsed = clock.measure { sum = benchmark.run(benchmark.sends) }
        checksum = sum
        let (seconds, attoseconds) = elapsed.components
        let nanoseconds = Double(seconds) * 1e9 + Double(attoseconds) / 1e9
        samples.append(nanoseconds / Double(benchmark.sends * benchmark.fanOut))
    }
    samples.sort()
    return (samples[samples.count / 2], checksum)
}

/// The sum every case must reach: each of `fanOut` views adds 0 + 1 + … + (sends − 1).
func expectedChecksum(sends: Int, fanOut: Int) -> Int {
    (sends * (sends - 1) / 2) &* fanOut
}

let quick = CommandLine.arguments.contains("--quick")
let events = quick ? 200_000 : 10_000_000
let runs = quick ? 3 : 9

func sendLoop(_ sends: Int, _ send: (Int) -> Void) {
    for index in 0..<sends { send(index) }
}

let cases: [Case] =
    [
        Case(name: "direct method call", fanOut: 1, sends: events) { sends in
            let view = makeView()
            let viewModel = makeDirect(view)
            sendLoop(sends) { viewModel.send($0) }
            return view.total
        },
        Case(name: "weak delegate (delegate)", fanOut: 1, sends: events) { sends in
            let view = makeView()
            let viewModel = makeDelegate(view)
            sendLoop(sends) { viewModel.send($0) }
            return withExtendedLifetime(view) { view.total }
        },
        Case(name: "enum handle(event:) (event-enum)", fanOut: 1, sends: events) { sends in
            let view = makeView()
            let viewModel = makeEventEnum(view)
            sendLoop(sends) { viewModel.send($0) }
            return withExtendedLifetime(view) { view.total }
        },
    ]
    + [1, 10, 100].map { handlers in
        Case(
            name: "Output.send, \(handlers) handler\(handlers == 1 ? "" : "s") (output)", fanOut: handlers,
            sends: events / handlers
        ) { sends in
            let views = (0..<handlers).map { _ in makeView() }
            let viewModel = makeOutput(views)
            sendLoop(sends) { viewModel.send($0) }
            return withExtendedLifetime(views) { views.reduce(0) { $0 &+ $1.total } }
        }
    } + [
        Case(name: "Output.send, 1 handler, main-queue hop", fanOut: 1, sends: events / 10) { sends in
            let view = makeView()
            let viewModel = makeQueuedOutput(view)
            sendLoop(sends) { viewModel.send($0) }
            return withExtendedLifetime(view) { view.total }
        },
        Case(name: "@Observable set, no tracker (observation)", fanOut: 1, sends: events) { sends in
            let viewModel = makeUntracked()
            sendLoop(sends) { viewModel.items = $0 }
            return viewModel.total
        },
        Case(name: "@Observable set + onChange + re-registration", fanOut: 1, sends: events / 10) { sends in
            let sender = makeObservation(hopping: false)
            sendLoop(sends) { sender.send($0) }
            return sender.view.total
        },
        Case(name: "the same, re-rendered through the main queue", fanOut: 1, sends: events / 10) { sends in
            let sender = makeObservation(hopping: true)
            sendLoop(sends) { sender.send($0) }
            return sender.view.total
        },
    ]
    + [1, 10, 100].map { observers in
        Case(
            name: "Observable.value, \(observers) observer\(observers == 1 ? "" : "s") (observable)",
            fanOut: observers, sends: events / observers
        ) { sends in
            let views = (0..<observers).map { _ in makeView() }
            let observable = makeObservable(views)
            sendLoop(sends) { observable.value = $0 }
            return withExtendedLifetime(views) { views.reduce(0) { $0 &+ $1.total } }
        }
    } + [
        Case(name: "ArticleObservable.value, 1 closure (observable-article)", fanOut: 1, sends: events) { sends in
            let view = makeView()
            let observable = makeArticleObservable(view)
            sendLoop(sends) { observable.value = $0 }
            return withExtendedLifetime(view) { view.total }
        }
    ]
    + [1, 10, 100].map { subscribers in
        Case(
            name: "Event.raise, \(subscribers) subscriber\(subscribers == 1 ? "" : "s") (event)", fanOut: subscribers,
            sends: events / subscribers
        ) { sends in
            let views = (0..<subscribers).map { _ in makeView() }
            let viewModel = makeEvent(views)
            sendLoop(sends) { viewModel.send($0) }
            return withExtendedLifetime(views) { views.reduce(0) { $0 &+ $1.total } }
        }
    }
    + [1, 10, 100].map { listeners in
        Case(
            name: "Dynamic set, \(listeners) listener\(listeners == 1 ? "" : "s") (dynamic)", fanOut: listeners,
            sends: events / listeners
        ) { sends in
            let views = (0..<listeners).map { _ in makeView() }
            let dynamic = makeDynamic(views)
            sendLoop(sends) { dynamic.value = $0 }
            return withExtendedLifetime(views) { views.reduce(0) { $0 &+ $1.total } }
        }
    } + [
        // A set alternates sides: half the sets are the model's, half the
        // field's (what the user types); each reaches both views once.
        Case(name: "<<>>> set, reaching both sides (dynamic)", fanOut: 2, sends: events / 2) { sends in
            let (left, right) = (makeView(), makeView())
            let (model, field) = makeTwoWay(left, right)
            sendLoop(sends) { index in
                if index & 1 == 0 { model.value = index } else { field.value = index }
            }
            return withExtendedLifetime((left, right)) { left.total &+ right.total }
        }
    ]

print("binding-bench: nanoseconds per delivered event, median of \(runs) runs\(quick ? " (--quick)" : "")")
print("")
let nameWidth = cases.map(\.name.count).max() ?? 0
print("mechanism".padding(nameWidth) + "   ns/event   × direct")
var direct: Double?
var allRight = true
for benchmark in cases {
    let (nanoseconds, checksum) = measure(benchmark, runs: runs)
    if checksum != expectedChecksum(sends: benchmark.sends, fanOut: benchmark.fanOut) {
        allRight = false
        print("\(benchmark.name): checksum \(checksum) is wrong: some deliveries were lost")
    }
    let base = direct ?? nanoseconds
    direct = base
    print(
        benchmark.name.padding(nameWidth) + "   " + nanoseconds.fixed(2).leftPadding(8) + "   "
            + (nanoseconds / base).fixed(1).leftPadding(8))
}
print("")
print(
    allRight ? "every delivery arrived (checksums match)" : "CHECKSUM MISMATCH: the figures above are not to be trusted"
)

extension String {
    func padding(_ width: Int) -> String { self + String(repeating: " ", count: max(0, width - count)) }
    func leftPadding(_ width: Int) -> String { String(repeating: " ", count: max(0, width - count)) + self }
}

extension Double {
    /// The number with `digits` decimals, without Foundation's formatter.
    func fixed(_ digits: Int) -> String {
        var scale = 1.0
        for _ in 0..<digits { scale *= 10 }
        let scaled = Int((self * scale).rounded())
        let whole = scaled / Int(scale)
        let fraction = String(scaled % Int(scale))
        return digits == 0
            ? "\(whole)" : "\(whole)." + String(repeating: "0", count: digits - fraction.count) + fraction
    }
}

if !allRight { fatalError("checksum mismatch") }
