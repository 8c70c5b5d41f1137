// The `Weak<T>` and .NET-style `Event<Args>` of "Affordable MVVM on hacked
// extensions" (Tinkoff, 2020), as much of them as this half of the article
// uses. The `event` backend is built on the article's own dictionary.

/// A weak reference that remembers its object's identity, so that it can be
/// a key after the object is gone.
final class Weak<T: AnyObject> {
    private let id: ObjectIdentifier?
    private(set) weak var value: T?

    var isAlive: Bool { value != nil }

    init(_ value: T?) {
        self.value = value
        self.id = value.map(ObjectIdentifier.init)
    }
}

extension Weak: Hashable {
    static func == (lhs: Weak<T>, rhs: Weak<T>) -> Bool { lhs.id == rhs.id }

    func hash(into hasher: inout Hasher) {
        if let id { hasher.combine(id) }
    }
}

/// Subscribers held weakly, one handler each; the handler gets the live
/// subscriber, so it needs no `[weak self]`.
///
/// Its handlers are kept in subscription order, each with its subscriber's
/// key, instead of the article's dictionary, so that the two views of one
/// view model redraw in the same order on every run.
final class Event<Args> {
    private var handlers: [(key: Weak<AnyObject>, handler: (Args) -> Void)] = []
    /// Where the playground watches the deliveries; nil, it watches nothing.
    var trace: EventTrace?

    /// Subscribes `subscriber`, or replaces its handler if it is subscribed.
    /// Dead subscribers are swept out first, as in the article.
    func subscribe<Subscriber: AnyObject>(
        _ subscriber: Subscriber, handler: @escaping (Subscriber, Args) -> Void
    ) {
        let key = Weak<AnyObject>(subscriber)
        handlers = handlers.filter { $0.key.isAlive }
        let entry: (key: Weak<AnyObject>, handler: (Args) -> Void) = (
            key,
            { [weak subscriber] args in
                guard let subscriber else { return }
                handler(subscriber, args)
            }
        )
        if let index = handlers.firstIndex(where: { $0.key == key }) {
            handlers[index] = entry
        } else {
            handlers.append(entry)
        }
    }

    func unsubscribe(_ subscriber: AnyObject) {
        let key = Weak<AnyObject>(subscriber)
        handlers.removeAll { $0.key == key }
    }

    /// Calls the handler of every live subscriber, on a snapshot: a handler
    /// that subscribes or unsubscribes does not change this round.
    func raise(_ args: Args) {
        let aliveHandlers = handlers.filter { $0.key.isAlive }
        // The playground's watch: the same handlers, each delivery traced.
        if let trace { return trace.round(aliveHandlers, args) }
        aliveHandlers.forEach { $0.handler(args) }
    }
}

extension Event where Args == Void {
    func subscribe<Subscriber: AnyObject>(_ subscriber: Subscriber, handler: @escaping (Subscriber) -> Void) {
        subscribe(subscriber) { this, _ in handler(this) }
    }

    func raise() { raise(()) }
}
