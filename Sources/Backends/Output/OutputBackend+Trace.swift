public import BindingKit

// What the playground adds to watch this backend, beside the article's code.
//
// The article's `Output` calls bare closures, and `bind(with:)`'s closure on
// the view model's side only queues the delivery (`RunLoop.main.perform(inModes:
// [.default]) { self?.handle(event: event) }`, which queues on the main queue
// here; `DispatchQueue.main.async { … }` at the steps before): who it
// delivers to, and whether that view is still there, is known only inside
// the queued work. So each `Output` made
// in a world gets an `OutputTrace`, its one stored hook, and its delivery
// loop hands each handler to it. The trace calls the handler with a stand-in
// in the place of the main queue (`World.queueing(through:_:)`), so that the
// work the handler queues is wrapped: when it runs, in its own turn, the hop
// is recorded — to the view, or dropped when it is gone — and the work goes
// on. A handler on a view's own `Output` (the view's events, to its view
// model's `handle(event:)`) is traced when it is called, as it delivers at
// once.
//
// Who a handler stands for the trace learns from the views: each view is
// handed to `decorate(_:in:)` once it is bound (the host does so before it
// is shown; the probe file after each bind), with its view model found where
// `bind(with:)` keeps it, the associated object. Handlers are only ever
// appended, one per bind on each side, so a view's handler on its view
// model's `Output` is placed by bind order: the views bound since the trace
// last placed one take the last handlers not placed yet, the view bound with
// the view model itself first, then those its `setupBindings()` bound with
// its `AnyViewModel` (a container, then its content). A handler no view
// stands for (the flow coordinator's, on the suggestions) is called as it
// is, untraced. At the steps before `AnyViewModel` (`output-manual`,
// `output-bind`) the views keep their view model themselves: a container
// tells the trace of its own binding and then its content's (the order their
// handlers were appended in), a view bound alone of its own. The census
// leaves the approach's plumbing out (`:alive` counts its views, view models,
// `AnyViewModel`s and coordinators).

extension Output: CensusExempt {}

extension OutputBackend {
    public func decorate(_ object: AnyObject, in world: World) {
        if let view = object as? any KeepsItsViewModel {
            view.traceKeptBinding()
        } else if let view = object as? any View {
            traceBinding(of: view)
        }
    }
}

/// A view of the steps before `AnyViewModel`, which keeps its view model
/// itself: it tells the trace of its binding.
protocol KeepsItsViewModel: AnyObject {
    func traceKeptBinding()
}

extension BeforeAnyViewModel.ContainerView: KeepsItsViewModel {
    /// The container's binding, then its content's: both on the one view
    /// model, appended in that order (by the assembly, or by `bind(unerased:)`
    /// and the `setupBindings()` it calls).
    func traceKeptBinding() {
        traceBinding(of: self, toUnerased: concreteViewModel)
        traceBinding(of: content, toUnerased: concreteViewModel)
    }
}

extension BeforeAnyViewModel.OrderDetailsView: KeepsItsViewModel {
    func traceKeptBinding() { concreteViewModel.map { traceBinding(of: self, toUnerased: $0) } }
}

extension BeforeAnyViewModel.MoviesQueriesListView: KeepsItsViewModel {
    func traceKeptBinding() { concreteViewModel.map { traceBinding(of: self, toUnerased: $0) } }
}

extension BeforeAnyViewModel.MovieDetailsView: KeepsItsViewModel {
    func traceKeptBinding() { concreteViewModel.map { traceBinding(of: self, toUnerased: $0) } }
}

/// Tells the traces of both sides of one binding of `view` to `vm` with no
/// `AnyViewModel` between them (the two appends, or `bind(unerased:)`): once
/// per binding, each told of once.
func traceBinding<V: View, VM: ViewModel>(of view: V, toUnerased vm: VM)
where VM.ViewModelEvent == V.ViewModelEvent, VM.ViewEvent == V.ViewEvent {
    vm.output.traceMade().expect(
        .view(WeakBox(view)), from: VM.self, through: nil, depth: 0, handlers: vm.output.handlers.count)
    view.output.traceMade().expect(
        .viewModel(WeakBox(vm)), from: V.self, through: nil, depth: 0, handlers: view.output.handlers.count)
}

/// Tells the traces of both sides of `view`'s latest binding who is at each
/// end: the view model's `Output` delivers to `view`, the view's own to the
/// view model. Once per binding; a binding told of already is left as it is.
func traceBinding<V: View>(of view: V) {
    traceBinding(of: view, through: view.viewModel)
}

/// The same for a binding whose `AnyViewModel` the view does not keep where
/// `bind(with:)` keeps it (the probe's).
func traceBinding<V: View>(of view: V, through erased: AnyViewModel<V.ViewModelEvent, V.ViewEvent>?) {
    guard let erased else { return }
    let unwrapped = Unwrapped(erased)
    erased.output.traceMade().expect(
        .view(WeakBox(view)), from: unwrapped.base, through: erased, depth: unwrapped.depth,
        handlers: erased.output.handlers.count)
    view.output.traceMade().expect(
        .viewModel(WeakBox(erased)), from: type(of: view), through: erased, depth: 0,
        handlers: view.output.handlers.count)
}

extension Output {
    /// This output's trace, made now if it was made outside a world.
    fileprivate func traceMade() -> OutputTrace<Event> {
        if let trace { return trace }
        let made = OutputTrace<Event>()
        trace = made
        return made
    }
}

/// One `Output`'s deliveries, as the trace sees them: who each handler
/// stands for, by its place in `handlers`.
final class OutputTrace<Event>: CensusExempt {
    /// A trace for an `Output` made now, if a world is current.
    static var inCurrentWorld: OutputTrace? { World.current == nil ? nil : OutputTrace() }

    /// Who a handler delivers to.
    enum Receiver {
        /// A view, through `bind(with:)`'s handler on its view model's
        /// output: a main-queue turn later.
        case view(WeakBox)
        /// A view model (its `AnyViewModel`), through the handler on the
        /// view's own output: at once.
        case viewModel(WeakBox)
    }

    private struct Placed {
        let receiver: Receiver
        let source: Any.Type
        let erased: WeakBox?
    }

    private struct Expected {
        let placed: Placed
        let depth: Int
        let handlers: Int
    }

    private var placed: [Int: Placed] = [:]
    /// The bindings told of since the last placing, in the order told.
    private var expected: [Expected] = []

    /// Expects a handler for `receiver`, appended by the binding that made
    /// `erased` (nil: a binding with no `AnyViewModel`, told of once), among
    /// the first `handlers` of the output.
    func expect(_ receiver: Receiver, from source: Any.Type, through erased: AnyObject?, depth: Int, handlers: Int) {
        if let erased {
            let known = placed.values.map(\.erased) + expected.map(\.placed.erased)
            guard !known.contains(where: { $0?.object === erased }) else { return }
        }
        expected.append(
            Expected(
                placed: Placed(receiver: receiver, source: source, erased: erased.map(WeakBox.init)), depth: depth,
                handlers: handlers))
    }

    /// Gives the bindings expected the last handlers not placed yet, in bind
    /// order: the shallowest binding (the view model itself) first, then
    /// those made through its `AnyViewModel`, each depth in the order told.
    private func placeExpected() {
        // Asked at every delivery: nothing expected is the common case, and
        // the key path below would be made each time (most of a delivery's
        // cost with tracing off, callgrind: Docs/performance.md).
        guard !expected.isEmpty, let handlers = expected.map({ $0.handlers }).max() else { return }
        let free = (0..<handlers).filter { placed[$0] == nil }.suffix(expected.count)
        let inBindOrder = expected.enumerated().sorted { ($0.element.depth, $0.offset) < ($1.element.depth, $1.offset) }
        for (index, binding) in zip(free, inBindOrder) { placed[index] = binding.element.placed }
        expected = []
    }

    /// Calls the handler at `index` of the output with `event`: traced now
    /// if it delivers at once, else traced as the work it queues runs.
    func deliver(_ event: Event, to index: Int, through handler: (Event) -> Void) {
        placeExpected()
        guard let world = World.current else { return handler(event) }
        if let binding = placed[index], case .viewModel(let erased) = binding.receiver {
            world.tracer.hop("\(event)", from: binding.source, to: erased.object.map { Unwrapped($0).base })
            handler(event)
        } else {
            world.queueing(through: TracedQueue(trace: self, event: event, index: index, clock: world.clock)) {
                handler(event)
            }
        }
    }

    /// Records, as the work handler `index` queued runs, its delivery to the
    /// view it stands for: dropped when the view is gone.
    fileprivate func delivered(_ event: Event, by index: Int) {
        placeExpected()
        guard let binding = placed[index], case .view(let view) = binding.receiver else { return }
        World.current?.tracer.hop("\(event)", from: binding.source, to: view.object.map { type(of: $0) })
    }
}

/// The main queue while one handler runs: the work it queues goes to the
/// clock wrapped, so that its delivery is traced as it runs.
private final class TracedQueue<Event>: MainQueue {
    private let trace: OutputTrace<Event>
    private let event: Event
    private let index: Int
    private let clock: any MainQueue

    init(trace: OutputTrace<Event>, event: Event, index: Int, clock: any MainQueue) {
        self.trace = trace
        self.event = event
        self.index = index
        self.clock = clock
    }

    func async(_ work: @escaping () -> Void) {
        clock.async { [trace, event, index] in
            trace.delivered(event, by: index)
            work()
        }
    }
}

/// A reference the trace keeps without keeping what it refers to.
struct WeakBox {
    weak var object: AnyObject?

    init(_ object: AnyObject) {
        self.object = object
    }
}

/// A view model under its `AnyViewModel`s: the type the trace names, and
/// how many wrappers deep it is.
private struct Unwrapped {
    let base: Any.Type
    let depth: Int

    init(_ value: Any) {
        var value = value
        var depth = 0
        while let erased = value as? any Erased, let wrapped = erased.vm {
            value = wrapped
            depth += 1
        }
        base = type(of: value)
        self.depth = depth
    }
}

/// An `AnyViewModel` of any events.
private protocol Erased {
    var vm: Any? { get }
}

extension AnyViewModel: Erased {}

// MARK: How the trace names the events

extension OrdersViewModel.ViewEvent: CustomStringConvertible {
    var description: String {
        switch self {
        case .pullToRefresh: ".pullToRefresh"
        case .selectRow(let index): ".selectRow(\(index))"
        case .renameRow(let index, _): ".renameRow(\(index))"
        case .deleteRow(let index): ".deleteRow(\(index))"
        }
    }
}

extension OrdersViewModel.ViewModelEvent: CustomStringConvertible {
    var description: String {
        switch self {
        case .updateTitle(let title): ".updateTitle(\"\(title)\")"
        case .items(let items): ".items(\(items.count))"
        case .updateItem(_, let index): ".updateItem(at: \(index))"
        case .removeItem(let index): ".removeItem(at: \(index))"
        case .showDetails: ".showDetails"
        case .loading(let isLoading): ".loading(\(isLoading))"
        case .error(let message): ".error(\"\(message)\")"
        }
    }
}

extension OrderDetailsViewModel.ViewEvent: CustomStringConvertible {
    var description: String { ".editName" }
}

extension OrderDetailsViewModel.ViewModelEvent: CustomStringConvertible {
    var description: String {
        switch self {
        case .updateTitle(let title): ".updateTitle(\"\(title)\")"
        case .updateName: ".updateName"
        case .updateDetails: ".updateDetails"
        }
    }
}

extension MoviesListViewModel.ViewEvent: CustomStringConvertible {
    var description: String {
        switch self {
        case .didSearch(let query): ".didSearch(query: \"\(query)\")"
        case .didLoadNextPage: ".didLoadNextPage"
        case .didSelectItem(let index): ".didSelectItem(at: \(index))"
        case .didCancelSearch: ".didCancelSearch"
        case .showQueriesSuggestions: ".showQueriesSuggestions"
        case .closeQueriesSuggestions: ".closeQueriesSuggestions"
        }
    }
}

extension MoviesListViewModel.ViewModelEvent: CustomStringConvertible {
    var description: String {
        switch self {
        case .updateTitle(let title): ".updateTitle(\"\(title)\")"
        case .updateSearchBarPlaceholder: ".updateSearchBarPlaceholder"
        case .updateEmptyDataTitle: ".updateEmptyDataTitle"
        case .items(let items): ".items(\(items.count))"
        case .isEmpty(let isEmpty): ".isEmpty(\(isEmpty))"
        case .pageInfo(let info): ".pageInfo(\"\(info)\")"
        case .loading(let loading): ".loading(\(loading.map { ".\($0)" } ?? "nil"))"
        case .canLoadNextPage(let enabled): ".canLoadNextPage(\(enabled))"
        case .query(let query): ".query(\"\(query)\")"
        case .error(let message): ".error(\"\(message)\")"
        }
    }
}

extension MoviesQueriesListViewModel.ViewEvent: CustomStringConvertible {
    var description: String {
        switch self {
        case .didSelect(let item): ".didSelect(item: \"\(item.query)\")"
        }
    }
}

extension MoviesQueriesListViewModel.ViewModelEvent: CustomStringConvertible {
    var description: String {
        switch self {
        case .items(let items): ".items(\(items.count))"
        case .didSelect(let query): ".didSelect(\"\(query.query)\")"
        }
    }
}

extension MovieDetailsViewModel.ViewModelEvent: CustomStringConvertible {
    var description: String {
        switch self {
        case .updateTitle(let title): ".updateTitle(\"\(title)\")"
        case .updateReleaseDate: ".updateReleaseDate"
        case .updateLength: ".updateLength"
        case .updateRating: ".updateRating"
        case .updateBudget: ".updateBudget"
        case .updateGenres: ".updateGenres"
        case .updateMPAA: ".updateMPAA"
        }
    }
}
