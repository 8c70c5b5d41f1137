public import BindingKit

// What the playground adds to watch this backend, beside the article's code.
//
// The article's events tell no one what they deliver. So the host hands
// `decorate(_:in:)` every object of this backend before its view is shown,
// and each of its events — its `@Observable` properties' projections and
// its `Event` properties, found with a `Mirror` — gets the one hook an
// `Event` has, a trace named as the view writes it (`$orders`). A raise then
// runs the same handlers through the tracer: one hop per delivery, a round
// of no defined order (the dictionary's), and one dropped hop per dead
// entry it skips. The census leaves the approach's plumbing out (`:alive`
// counts its views, view models and coordinators). The gestures are traced
// by BindingKit's widgets.

extension EventBackend {
    public func decorate(_ object: AnyObject, in world: World) {
        traceEvents(of: object, in: world)
    }
}

extension Event: CensusExempt {}
extension Weak: CensusExempt {}

/// Gives every event of `owner` — its `@Observable` properties' projections
/// and its `Event` properties — a trace into `world`, named as the view
/// writes it (`$orders`); an event that has one keeps it.
///
/// - Complexity: O(*p*) in the owner's stored properties (a `Mirror`).
func traceEvents(of owner: AnyObject, in world: World) {
    for child in Mirror(reflecting: owner).children {
        guard let label = child.label else { continue }
        let event: any TraceHook
        let name: String
        if let wrapper = child.value as? any ObservableWrapper {
            // The compiler stores `@Observable var orders` as `_orders`.
            (event, name) = (wrapper.event, "$" + label.dropFirst())
        } else if let plain = child.value as? any TraceHook {
            (event, name) = (plain, label)
        } else {
            continue
        }
        if event.trace == nil { event.trace = EventTrace(tracer: world.tracer, name: name, source: type(of: owner)) }
    }
}

/// Where one event's deliveries are traced: the event's name and owner.
struct EventTrace {
    let tracer: Tracer
    /// `$orders` for an `@Observable var orders`, else the property's name.
    let name: String
    let source: Any.Type

    /// Runs one raise's handlers through the tracer, which records them as a
    /// round of no defined order (the dictionary's) and shows them sorted.
    /// Each dead entry the raise skipped shows as dropped first (a dead weak
    /// box), and so does a raise of an event nobody ever subscribed to.
    ///
    /// - Parameters:
    ///   - handlers: the snapshot, its keys still weak: a subscriber that an
    ///     earlier handler of the round lets go of is not kept alive for its
    ///     turn, as in the article; its handler returns at once, and the
    ///     trace shows it dropped.
    func round<Args>(_ handlers: [Weak<AnyObject>: (Args) -> Void], _ args: Args, skipped: Int) {
        let dropped = handlers.isEmpty && skipped == 0 ? 1 : skipped
        for _ in 0..<dropped { tracer.hop(name, from: source, to: nil) }
        tracer.unordered(
            handlers.map { subscriber, handler in
                {
                    tracer.hop(name, from: source, to: subscriber.value.map { type(of: $0) })
                    handler(args)
                }
            })
    }
}

/// An event's one hook, whatever its arguments.
private protocol TraceHook: AnyObject {
    var trace: EventTrace? { get set }
}

extension Event: TraceHook {}

/// A property wrapper around an event, told from a plain `Event` in a `Mirror`.
private protocol ObservableWrapper {
    var event: any TraceHook { get }
}

extension Observable: ObservableWrapper {
    fileprivate var event: any TraceHook { projectedValue }
}
