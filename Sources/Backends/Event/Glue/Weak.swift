/// A weak reference that remembers its object's identity, so that it can be
/// a dictionary key after the object is gone (the `Weak<T>` of "Affordable
/// MVVM on hacked extensions", Tinkoff, 2020).
///
/// The identity is the `ObjectIdentifier` taken at init: an address. Once the
/// object dies, a new one may be born at the same address and compare equal
/// to this dead key. `Event` is safe from that the article's way: it drops
/// dead keys before it stores a new one, and never calls a dead key's handler.
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
