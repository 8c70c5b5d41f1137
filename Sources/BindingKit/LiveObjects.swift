/// Counts the live instances of each traced class, so that the playground can
/// show what is still alive after a view is released.
///
/// An object joins by keeping the token `track(_:)` hands out in a stored
/// property: the token dies with its owner and lowers the count. No `deinit`
/// is needed in the traced class, so the glue being compared stays clean.
public final class LiveObjects {
    /// The live instances of one class name, shared by its tokens.
    fileprivate final class Count {
        var live = 0
    }

    /// Held by a traced object; lowers its class's count when the object dies.
    ///
    /// A token keeps its class's count itself, so that making one and
    /// dropping it is an increment and a decrement: a list of a million rows
    /// makes a million of them, and looking the name up in a dictionary each
    /// time (hashing the string) was a tenth of replaying the sessions. It is
    /// a noncopyable struct rather than an object: it lives inside its owner,
    /// so that tracking a million row view models costs a pointer each, not
    /// a million more allocations.
    public struct Token: ~Copyable {
        private let count: Count

        fileprivate init(count: Count) {
            self.count = count
            count.live += 1
        }

        deinit { count.live -= 1 }
    }

    /// The counts by class name.
    private var counts: [String: Count] = [:]
    /// The count of each type tracked so far.
    private var countsByType: [ObjectIdentifier: Count] = [:]
    private var names = TypeNameCache()

    public init() {}

    /// A token for one instance of `type`; keep it in a stored property.
    public func track(_ type: Any.Type) -> Token {
        if let count = countsByType[ObjectIdentifier(type)] { return Token(count: count) }
        let name = names.name(of: type)
        let count = counts[name] ?? Count()
        counts[name] = count
        countsByType[ObjectIdentifier(type)] = count
        return Token(count: count)
    }

    /// Live instances per class name, zero counts included, sorted by name.
    public var census: [(name: String, live: Int)] {
        counts.keys.sorted().map { ($0, counts[$0]?.live ?? 0) }
    }

    /// Live instances of the class called `name`.
    public func live(_ name: String) -> Int { counts[name]?.live ?? 0 }

    /// All live traced objects.
    public var totalLive: Int { counts.values.reduce(0) { $0 + $1.live } }
}
