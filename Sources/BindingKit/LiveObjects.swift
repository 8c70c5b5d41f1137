/// Counts the live instances of each traced class, so that the playground can
/// show what is still alive after a view is released.
///
/// An object joins by keeping the token `track(_:)` hands out in a stored
/// property: the token dies with its owner and lowers the count. No `deinit`
/// is needed in the traced class, so the glue being compared stays clean.
public final class LiveObjects {
    fileprivate final class Counts {
        var live: [String: Int] = [:]
        var created: [String: Int] = [:]
    }

    /// Held by a traced object; lowers its class's count when the object dies.
    public final class Token {
        private let counts: Counts
        private let name: String

        fileprivate init(counts: LiveObjects.Counts, name: String) {
            self.counts = counts
            self.name = name
            counts.live[name, default: 0] += 1
            counts.created[name, default: 0] += 1
        }

        deinit { counts.live[name, default: 0] -= 1 }
    }

    private let counts = Counts()
    private var names = TypeNameCache()

    public init() {}

    /// A token for one instance of `type`; keep it in a stored property.
    public func track(_ type: Any.Type) -> Token {
        Token(counts: counts, name: names.name(of: type))
    }

    /// Live instances per class name, zero counts included, sorted by name.
    public var census: [(name: String, live: Int)] {
        counts.live.keys.sorted().map { ($0, counts.live[$0] ?? 0) }
    }

    /// Live instances of the class called `name`.
    public func live(_ name: String) -> Int { counts.live[name] ?? 0 }

    /// All live traced objects.
    public var totalLive: Int { counts.live.values.reduce(0, +) }
}
