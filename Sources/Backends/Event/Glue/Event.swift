/// The .NET-style event of "Affordable MVVM on hacked extensions" (Tinkoff,
/// 2020): any number of subscribers, held weakly, one handler each, kept in
/// a dictionary keyed by the subscriber's identity.
///
/// What the dictionary means: a subscriber that subscribes again replaces
/// its handler; one that dies is skipped and dropped silently; and the
/// handlers run in the dictionary's order, which is not the order of
/// subscription and changes from run to run (hash seeds, addresses).
/// Nothing is delivered on subscribe.
public final class Event<Args> {
    /// The subscribers and their handlers.
    private var handlers: [Weak<AnyObject>: (Args) -> Void] = [:]
    /// Where the playground watches the deliveries; nil, it watches nothing.
    var trace: EventTrace?

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
        let key = Weak<AnyObject>(subscriber)
        handlers[key] = nil
    }

    /// Runs the handler of every live subscriber, in the dictionary's order,
    /// on a snapshot: a handler that subscribes or unsubscribes changes the
    /// next round, not this one. Dead entries are skipped and kept.
    ///
    /// - Complexity: O(*n*) in the subscribers, live or dead: the snapshot
    ///   is a filtered copy of the dictionary.
    public func raise(_ args: Args) {
        let aliveHandlers = handlers.filter { $0.key.isAlive }
        // The playground's watch: the same handlers, each delivery traced.
        if let trace { return trace.round(aliveHandlers, args, skipped: handlers.count - aliveHandlers.count) }
        aliveHandlers.forEach { $0.value(args) }
    }
}

extension Event where Args == Void {
    public func subscribe<Subscriber: AnyObject>(_ subscriber: Subscriber, handler: @escaping (Subscriber) -> Void) {
        subscribe(subscriber) { this, _ in handler(this) }
    }

    public func raise() { raise(()) }
}
