public import BindingKit

// What the playground adds to watch this backend, beside the article's code.
//
// The article's view models tell their one listener through `weak var
// listener` (`listener?.handle(event: .items(…))`), and a content view passes
// the container's events on through `weak var container`: direct calls,
// nothing to hook. So the playground puts a stand-in in each slot, a listener
// (or container) of the same protocol that records the event as a hop and
// passes it on, or, when whoever it stands for is gone, records it dropped.
// The host hands `decorate(_:in:)` every object of this backend before its
// view is shown (the views set themselves as the listener in their `init`,
// the assembly sets the container, so the slots are filled by then); the
// world keeps each stand-in for as long as the slot's owner lives, as the
// slot itself holds it weakly. The gestures (`.pullToRefresh` from a pull to
// refresh) are traced by BindingKit's widgets. The events are named below,
// short, with the values that matter (`.items(100)`).

extension EventEnumBackend {
    public func decorate(_ object: AnyObject, in world: World) {
        traceSlots(of: object, in: world)
    }
}

/// Puts a tracing stand-in in the listener or container slot of `object`,
/// if it has one; a slot that holds a stand-in already keeps it.
func traceSlots(of object: AnyObject, in world: World) {
    if let owner = object as? any ListenerSlot { traceListener(of: owner, in: world) }
    if let owner = object as? any ContainerSlot {
        owner.container = ContainerTrace.wrap(owner.container, of: owner, in: world)
    }
}

private func traceListener<Owner: ListenerSlot>(of owner: Owner, in world: World) {
    owner.listener = ListenerTrace<Owner.ViewModelEvent>.wrap(owner.listener, of: owner, in: world)
}

/// What a stand-in stands for (nil once it is gone), if `slot` holds one;
/// else `slot`.
func unwrapped(_ slot: AnyObject?) -> AnyObject? {
    guard let stand = slot as? SlotTrace else { return slot }
    return stand.target
}

/// A view model's one listener slot.
protocol ListenerSlot: AnyObject {
    associatedtype ViewModelEvent
    var listener: (any ViewModelListener<ViewModelEvent>)? { get set }
}

extension OrdersViewModel: ListenerSlot {}
extension OrderDetailsViewModel: ListenerSlot {}
extension MoviesListViewModel: ListenerSlot {}
extension MoviesQueriesListViewModel: ListenerSlot {}
extension MovieDetailsViewModel: ListenerSlot {}

/// A content view's slot for the container it passes events on to.
protocol ContainerSlot: AnyObject {
    var container: (any IContainer)? { get set }
}

extension OrdersContentView: ContainerSlot {}
extension MoviesListView: ContainerSlot {}

/// A slot's stand-in: the object the slot held, weakly, as the slot did,
/// and where what is sent to it is traced.
class SlotTrace: CensusExempt {
    private(set) weak var target: AnyObject?
    private let source: Any.Type
    private let tracer: Tracer

    required init(target: AnyObject?, source: Any.Type, tracer: Tracer) {
        self.target = target
        self.source = source
        self.tracer = tracer
    }

    /// The stand-in for `slot`, a slot of `owner`: `slot` itself when it is
    /// one already, a new one the world keeps while `owner` lives otherwise.
    static func wrap<Slot>(_ slot: Slot?, of owner: AnyObject, in world: World) -> Slot? {
        if slot is SlotTrace { return slot }
        let stand = Self(target: slot.map { $0 as AnyObject }, source: type(of: owner), tracer: world.tracer)
        world.keep(stand, whileAlive: owner)
        return stand as? Slot
    }

    /// Records `event` from the slot's owner to the target (dropped when it
    /// is gone), then hands it on. The event is named only when the tracer
    /// records, and is not boxed.
    func deliver<Target, Event>(_ event: Event, to _: Target.Type, _ call: (Target) -> Void) {
        record(event)
        if let target = target as? Target { call(target) }
    }

    /// Records `event` from the slot's owner to the target (dropped when it is gone).
    func record<Event>(_ event: Event) {
        tracer.hop("\(event)", from: source, to: target.map { type(of: $0) })
    }
}

final class ListenerTrace<Event>: SlotTrace, ViewModelListener {
    /// The target as the listener it is, cast once: a cast to
    /// `any ViewModelListener<Event>`, a protocol with a primary associated
    /// type, at every event cost microseconds (Docs/performance.md).
    private weak var listener: (any ViewModelListener<Event>)?

    required init(target: AnyObject?, source: Any.Type, tracer: Tracer) {
        listener = target as? any ViewModelListener<Event>
        super.init(target: target, source: source, tracer: tracer)
    }

    func handle(event: Event) {
        record(event)
        listener?.handle(event: event)
    }
}

final class ContainerTrace: SlotTrace, IContainer {
    func handle(event: ContainerEvent) {
        deliver(event, to: (any IContainer).self) { $0.handle(event: event) }
    }
}

// MARK: How the trace names the events

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

extension OrderDetailsViewModel.ViewModelEvent: CustomStringConvertible {
    var description: String {
        switch self {
        case .updateTitle(let title): ".updateTitle(\"\(title)\")"
        case .updateName: ".updateName"
        case .updateDetails: ".updateDetails"
        }
    }
}

extension ContainerEvent: CustomStringConvertible {
    var description: String {
        switch self {
        case .loading(let isLoading): ".loading(\(isLoading))"
        case .error(let message): ".error(\"\(message)\")"
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

extension MoviesQueriesListViewModel.ViewModelEvent: CustomStringConvertible {
    var description: String {
        switch self {
        case .items(let items): ".items(\(items.count))"
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
