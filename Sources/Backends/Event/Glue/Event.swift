/// Seed 001's .NET-style event: any number of subscribers, held weakly, one
/// handler each, kept in a dictionary keyed by the subscriber's identity.
///
/// What the dictionary means, and the playground shows: a subscriber that
/// subscribes again replaces its handler; one that dies is skipped and
/// dropped silently; and the handlers run in the dictionary's order, which
/// is not the order of subscription and changes from run to run (hash
/// seeds, addresses). Nothing is delivered on subscribe.
///
/// Public (with `subscribe`, `unsubscribe` and `raise`, the only public API
/// of this module besides the backend) so that `binding-bench` measures
/// this very class; `raise` is `@inlinable`, so that the bench calls a copy
/// specialised for its arguments, as this module's own screens do (the
/// unspecialised generic costs about twice as much).
public final class Event<Args> {
    /// The subscribers and their handlers.
    @usableFromInline var handlers: [Weak<AnyObject>: (Args) -> Void] = [:]
    /// Where the deliveries are traced: the playground's addition, set by
    /// `traceEvents(of:to:)`; nil, the event is the article's, hop for hop.
    @usableFromInline var trace: EventTrace?

    public init() {}

    /// Subscribes `subscriber`, or replaces its handler if it is subscribed.
    /// Dead subscribers are swept out first: the only place they are removed.
    ///
    /// - Parameters:
    ///   - handler: gets the live subscriber, so it needs no `[weak self]`.
    /// - Complexity: O(*n*) in the subscribers, for the sweep.
    public func subscribe<Subscriber: AnyObject>(
        _ subscriber: Subscriber, handler: @escaping (Subscriber, Args) -> Void
    ) {
        let key = Weak<AnyObject>(subscriber)
        handlers = handlers.filter { $0.key.isAlive }
        handlers[key] = { [weak subscriber] args in
            guard let subscriber else { return }
            handler(subscriber, args)
        }
    }

    public func unsubscribe(_ subscriber: AnyObject) {
        handlers[Weak<AnyObject>(subscriber)] = nil
    }

    /// Runs the handler of every live subscriber, in the dictionary's order,
    /// on a snapshot: a handler that subscribes or unsubscribes changes the
    /// next round, not this one. Dead entries are skipped and kept.
    ///
    /// - Complexity: O(*n*) in the subscribers, live or dead: the snapshot
    ///   is a filtered copy of the dictionary.
    @inlinable
    public func raise(_ args: Args) {
        let aliveHandlers = handlers.filter { $0.key.isAlive }
        guard let trace else {
            aliveHandlers.forEach { $0.value(args) }
            return
        }
        trace.round(
            deliveries: aliveHandlers.map { key, handler in (key, { handler(args) }) },
            skipped: handlers.count - aliveHandlers.count)
    }

    /// How many entries the dictionary holds, dead ones included.
    var entryCount: Int { handlers.count }
}

extension Event where Args == Void {
    public func subscribe<Subscriber: AnyObject>(_ subscriber: Subscriber, handler: @escaping (Subscriber) -> Void) {
        subscribe(subscriber) { this, _ in handler(this) }
    }

    public func raise() { raise(()) }
}
