/// A weak reference that remembers its object's identity, so that it can be
/// a dictionary key after the object is gone (seed 001's `Weak<T>`).
///
/// The identity is the `ObjectIdentifier` taken at init: an address. Once the
/// object dies, a new one may be born at the same address and compare equal
/// to this dead key. `Event` is safe from that the article's way: it drops
/// dead keys before it stores a new one, and never calls a dead key's handler.
///
/// (`@usableFromInline`: `Event.raise` is inlinable, see there.)
@usableFromInline
final class Weak<T: AnyObject> {
    private let id: ObjectIdentifier?
    @usableFromInline private(set) weak var value: T?

    @usableFromInline var isAlive: Bool { value != nil }

    @usableFromInline init(_ value: T?) {
        self.value = value
        self.id = value.map(ObjectIdentifier.init)
    }
}

extension Weak: Hashable {
    @usableFromInline static func == (lhs: Weak<T>, rhs: Weak<T>) -> Bool { lhs.id == rhs.id }

    @usableFromInline func hash(into hasher: inout Hasher) {
        if let id { hasher.combine(id) }
    }
}
