import BindingKit

// The playground's addition to seed 001's glue: the article's events tell no
// one what they deliver. Here each view model, once made, hands its events a
// trace (`traceEvents(of:to:)`), and every raise shows as hops. Nothing else
// in the glue changes: a view model's properties stay the article's
// `@Observable var`, its views the article's `subscribe(self)`.

/// Where one event's deliveries are traced: the event's name and owner.
@usableFromInline
struct EventTrace {
    let tracer: Tracer
    /// `$orders` for an `@Observable var orders`, else the property's name.
    let name: String
    let source: Any.Type

    /// Runs one raise's deliveries through the tracer, which records them as
    /// a round of no defined order (the dictionary's) and shows them sorted.
    /// Each dead entry the raise skipped shows as dropped first (a dead weak
    /// box), and so does a raise of an event nobody ever subscribed to.
    ///
    /// - Parameters:
    ///   - deliveries: the snapshot's keys, still weak: a subscriber that an
    ///     earlier handler of the round lets go of is not kept alive for its
    ///     turn, as in the article; its handler returns at once, and the
    ///     trace shows it dropped.
    @usableFromInline
    func round(deliveries: [(subscriber: Weak<AnyObject>, deliver: () -> Void)], skipped: Int) {
        let dropped = deliveries.isEmpty && skipped == 0 ? 1 : skipped
        for _ in 0..<dropped { tracer.hop(name, from: source, to: nil) }
        tracer.unordered(
            deliveries.map { subscriber, deliver in
                {
                    tracer.hop(name, from: source, to: subscriber.value.map { type(of: $0) })
                    deliver()
                }
            })
    }
}

/// An event, or a property wrapper around one, that can be given a trace.
protocol EventTraceable {
    func setTrace(_ trace: EventTrace?)
}

extension Event: EventTraceable {
    func setTrace(_ trace: EventTrace?) { self.trace = trace }
}

extension Observable: EventTraceable {
    func setTrace(_ trace: EventTrace?) { projectedValue.trace = trace }
}

/// Gives every event of `owner` — its `@Observable` properties' projections
/// and its `Event` properties — a trace to `tracer`, named as the view
/// writes it (`$orders`). One line in each view model's `init`.
///
/// - Complexity: O(*p*) in the owner's stored properties (a `Mirror`).
func traceEvents(of owner: AnyObject, to tracer: Tracer) {
    for child in Mirror(reflecting: owner).children {
        guard let label = child.label, let event = child.value as? any EventTraceable else { continue }
        // The compiler stores `@Observable var orders` as `_orders`.
        let name = child.value is any ObservableWrapper ? "$" + label.dropFirst() : label
        event.setTrace(EventTrace(tracer: tracer, name: name, source: type(of: owner)))
    }
}

/// Tells a property wrapper from a plain `Event` in a `Mirror`.
private protocol ObservableWrapper {}
extension Observable: ObservableWrapper {}
