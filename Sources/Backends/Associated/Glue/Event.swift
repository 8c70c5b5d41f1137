// Seed 001's .NET-style event, as much of it as this half of the article
// uses. The `event` backend is built on the full version.

/// A weak reference that remembers its object's identity, so that it can be
/// a dictionary key after the object is gone (seed 001's `Weak<T>`).
final class Weak<T: AnyObject>: Hashable {
    private let id: ObjectIdentifier?
    private(set) weak var value: T?

    var isAlive: Bool { value != nil }

    init(_ value: T?) {
        self.value = value
        self.id = value.map(ObjectIdentifier.init)
    }

    static func == (lhs: Weak<T>, rhs: Weak<T>) -> Bool { lhs.id == rhs.id }

    func hash(into hasher: inout Hasher) {
        hasher.combine(id)
    }
}

/// Seed 001's `Event<Args>`: subscribers held weakly, one handler each; the
/// handler gets the live subscriber, so it needs no `[weak self]`.
///
/// One change from the article: handlers are kept in subscription order
/// instead of a dictionary, so that two views redraw in the same order on
/// every run and traces replay exactly. (The `event` backend keeps the
/// dictionary and shows what its order does.)
final class Event<Args> {
    private var handlers: [(subscriber: Weak<AnyObject>, handler: (Args) -> Void)] = []

    /// Subscribes `subscriber`; subscribing again replaces its handler.
    /// Dead subscribers are swept out first, as in the article.
    func subscribe<Subscriber: AnyObject>(
        _ subscriber: Subscriber, handler: @escaping (Subscriber, Args) -> Void
    ) {
        let key = Weak<AnyObject>(subscriber)
        handlers.removeAll { !$0.subscriber.isAlive }
        let entry: (Weak<AnyObject>, (Args) -> Void) = (
            key,
            { [weak subscriber] args in
                guard let subscriber else { return }
                handler(subscriber, args)
            }
        )
        if let index = handlers.firstIndex(where: { $0.subscriber == key }) {
            handlers[index] = entry
        } else {
            handlers.append(entry)
        }
    }

    func unsubscribe(_ subscriber: AnyObject) {
        let key = Weak<AnyObject>(subscriber)
        handlers.removeAll { $0.subscriber == key }
    }

    /// Calls the handler of every live subscriber, on a snapshot: a handler
    /// that subscribes or unsubscribes does not change this round.
    ///
    /// - Returns: how many handlers were called.
    @discardableResult
    func raise(_ args: Args) -> Int {
        let alive = handlers.filter { $0.subscriber.isAlive }
        for entry in alive { entry.handler(args) }
        return alive.count
    }

    /// How many subscribers are alive.
    var subscriberCount: Int { handlers.count { $0.subscriber.isAlive } }

    /// How many handlers are kept, those of dead subscribers included (they
    /// go at the next `subscribe`).
    var entryCount: Int { handlers.count }
}

extension Event where Args == Void {
    func subscribe<Subscriber: AnyObject>(_ subscriber: Subscriber, handler: @escaping (Subscriber) -> Void) {
        subscribe(subscriber) { this, _ in handler(this) }
    }

    @discardableResult
    func raise() -> Int { raise(()) }
}
