import Synchronization

// Associated objects without the Objective-C runtime.
//
// On Apple platforms `objc_setAssociatedObject(owner, &key, value, policy)`
// hangs a value on any object, which is how seed 001 "hacks" stored
// properties into protocol extensions. Linux has no Objective-C runtime, so
// this file is a side table that does the same job in plain Swift: values
// keyed by the owner's identity and a key's identity, with the runtime's two
// policies that matter in Swift (retain and assign).
//
// Owner identity is `ObjectIdentifier`, which is only an address: once an
// owner dies, a new object can be allocated at the same address. Every record
// therefore also keeps a weak reference to its owner, and a record whose weak
// reference no longer points at the object asking is a dead owner's: its
// values are released and the new owner starts empty.

/// Names one association, as the address of a static variable does for
/// `objc_setAssociatedObject(owner, &key, …)`, and fixes its value's type.
///
/// Keep keys in `static let`s or global `let`s, exactly as the runtime's keys
/// are static variables: a key's identity is its address. A stored value
/// keeps its key alive, so a key's address cannot be reused while something
/// is stored under it.
///
///     private let viewModelKey = AssociationKey<Any>("viewModel")
///     setAssociatedObject(view, viewModelKey, viewModel, .retain)
///     let viewModel = getAssociatedObject(view, viewModelKey)  // Any?
public final class AssociationKey<Value>: Sendable, CustomStringConvertible {
    /// What the key is for; shown when debugging, never compared.
    public let name: String

    public init(_ name: String) {
        self.name = name
    }

    public var description: String { "AssociationKey<\(Value.self)>(\(name))" }
}

/// How a value is held: the runtime's `OBJC_ASSOCIATION_RETAIN` and
/// `OBJC_ASSOCIATION_ASSIGN`.
///
/// There are no `_NONATOMIC` variants because every access takes the store's
/// lock anyway, and no `COPY` because Swift values are copied by value
/// semantics, not by `-copy`. `.assign` exists only for class values: it holds
/// a reference that does not keep the value alive.
public struct AssociationPolicy<Value>: Sendable, Equatable {
    enum Kind: Sendable, Equatable {
        case retain, assign
    }

    let kind: Kind

    /// The store keeps the value alive until it is replaced, removed or its
    /// owner goes (`OBJC_ASSOCIATION_RETAIN_NONATOMIC`).
    public static var retain: Self { Self(kind: .retain) }
}

extension AssociationPolicy where Value: AnyObject {
    /// The store does not keep the value alive (`OBJC_ASSOCIATION_ASSIGN`).
    /// Unlike the runtime's dangling pointer, reading it after the value died
    /// is safe and answers nil: the store holds a zeroing weak reference.
    public static var assign: Self { Self(kind: .assign) }
}

/// A thread-safe side table of associated values: `objc_setAssociatedObject`
/// and `objc_getAssociatedObject` for Swift on Linux.
///
/// **Owners and address reuse.** Entries are keyed by `ObjectIdentifier(owner)`
/// and carry a weak reference to the owner. A lookup accepts an entry only if
/// that weak reference still points at the very object asking; an entry left
/// by a dead owner at the same address is released instead, so a new object
/// never sees an old object's values.
///
/// **When values are released.** A value goes when it is replaced, when nil
/// is set, or when `removeAll(from:)` is called. The runtime also releases
/// every associated value when the owner deallocates, in
/// `objc_destructInstance`; Swift offers no hook into another object's
/// deinitialisation and no way to add storage to it, so here an owner that
/// wants the runtime's timing calls `removeAssociatedObjects(self)` in its
/// `deinit` (its values then go before its own stored properties). An owner
/// that dies without doing so leaves its values in the table until
/// `purgeDeadOwners()` runs or a new object at the same address uses the
/// store. There is deliberately no automatic sweep: checking whether an owner
/// is alive means loading its weak reference, which briefly retains it, and
/// an owner whose last reference is dropped on its own thread at that moment
/// would finish dying on the sweeping thread. Inside its own `deinit` an
/// owner is no longer recognised (its weak references are already nil): its
/// values cannot be read there, only removed — unlike in `dealloc`, where
/// the runtime still has them.
///
/// **Threads.** Every operation takes one lock, so the table itself is safe
/// from any thread or task. The values are handed out as they are, as the
/// runtime does: a non-`Sendable` value stored on one thread and read on
/// another is the caller's race, as any other property of the owner would be.
///
/// **Re-entrancy.** Values are never released while the lock is held: a value
/// whose `deinit` uses the store (or releases an owner whose `deinit` does)
/// cannot deadlock it.
///
/// - Complexity: O(1) on average for every operation but `purgeDeadOwners()`:
///   one lock, two hash lookups, a weak-reference load and, for reads, a
///   dynamic cast to the key's value type. Memory: one record per owner, one
///   entry per value, and the weak-reference side table Swift allocates for
///   an object the first time something refers to it weakly.
public final class AssociatedObjectStore: Sendable {
    /// The store the free functions use: the one table per process that the
    /// Objective-C runtime also has.
    public static let shared = AssociatedObjectStore()

    private let table = Mutex<[ObjectIdentifier: Record]>([:])

    public init() {}

    /// Associates `value` with `owner` under `key`; nil removes the association.
    ///
    /// The value that was there before, if any, is released after the store
    /// lets go of its lock.
    public func set<Value>(
        _ value: Value?, for key: AssociationKey<Value>, on owner: AnyObject,
        policy: AssociationPolicy<Value> = .retain
    ) {
        let ownerID = ObjectIdentifier(owner)
        let entry = value.map { value in
            Entry(
                key: key,
                value: policy.kind == .retain ? .strong(value) : .weak(WeakReference(object: value as AnyObject)))
        }
        let released = table.withLock { table -> Released in
            var released = Released()
            let record = table.liveRecord(of: owner, at: ownerID, releasing: &released)
            if let entry {
                let record = record ?? table.insertRecord(of: owner, at: ownerID)
                released.append(record.entries.updateValue(entry, forKey: ObjectIdentifier(key)))
            } else if let record {
                released.append(record.entries.removeValue(forKey: ObjectIdentifier(key)))
                if record.entries.isEmpty { table[ownerID] = nil }
            }
            return released
        }
        withExtendedLifetime(released) {}  // the old values go here, unlocked
    }

    /// The value associated with `owner` under `key`; nil when there is none,
    /// or when an `.assign` value has died.
    public func value<Value>(for key: AssociationKey<Value>, on owner: AnyObject) -> Value? {
        let ownerID = ObjectIdentifier(owner)
        let (value, released) = table.withLock { table -> (Unchecked<Value?>, Released) in
            var released = Released()
            guard let record = table.liveRecord(of: owner, at: ownerID, releasing: &released) else {
                return (Unchecked(nil), released)
            }
            return (Unchecked(record.value(for: key, ownerID: ownerID, in: &table)), released)
        }
        withExtendedLifetime(released) {}
        return value.value
    }

    /// The value associated with `owner` under `key`, associating (retaining)
    /// `makeValue()` first if there is none — atomically: two threads asking
    /// at once get the same value.
    ///
    /// `makeValue` runs outside the lock, so it may use the store; if another
    /// thread stored a value meanwhile, that one is returned and the new one
    /// is dropped.
    public func value<Value>(
        for key: AssociationKey<Value>, on owner: AnyObject, insertingIfAbsent makeValue: @autoclosure () -> Value
    ) -> Value {
        if let existing = value(for: key, on: owner) { return existing }
        let made = Unchecked(makeValue())
        let ownerID = ObjectIdentifier(owner)
        let (value, released) = table.withLock { table -> (Unchecked<Value>, Released) in
            var released = Released()
            let record =
                table.liveRecord(of: owner, at: ownerID, releasing: &released)
                ?? table.insertRecord(of: owner, at: ownerID)
            if let existing = record.value(for: key, ownerID: ownerID, in: &table) {
                return (Unchecked(existing), released)
            }
            // `value(for:)` may have dropped the owner's emptied record.
            let target = table[ownerID] ?? table.insertRecord(of: owner, at: ownerID)
            target.entries[ObjectIdentifier(key)] = Entry(key: key, value: .strong(made.value))
            return (made, released)
        }
        withExtendedLifetime(released) {}
        return value.value
    }

    /// Removes every value associated with `owner` (`objc_removeAssociatedObjects`).
    ///
    /// Call it from the owner's `deinit` to release its values when it dies,
    /// as the runtime would; the values go after the lock is released, still
    /// inside that `deinit`.
    public func removeAll(from owner: AnyObject) {
        // No weak load here: during `deinit` the owner's weak references are
        // already nil, and whichever record is at this address — the owner's
        // own or a dead predecessor's — has to go.
        let released = table.withLock { Released(record: $0.removeValue(forKey: ObjectIdentifier(owner))) }
        withExtendedLifetime(released) {}
    }

    /// Releases the values of every owner that has died without
    /// `removeAll(from:)`.
    ///
    /// Checking an owner briefly retains it: an owner whose last reference
    /// another thread drops at that moment finishes dying on this thread
    /// (after the lock is released, never under it).
    ///
    /// - Returns: how many dead owners' records were dropped.
    /// - Complexity: O(n) in the number of owners.
    @discardableResult
    public func purgeDeadOwners() -> Int {
        let (count, released) = table.withLock { table -> (Int, Released) in
            var released = Released()
            var dead: [ObjectIdentifier] = []
            for (id, record) in table {
                if let owner = record.owner {
                    released.append(owner)  // its release may be the last one: not under the lock
                } else {
                    dead.append(id)
                }
            }
            for id in dead { released.append(table.removeValue(forKey: id)) }
            return (dead.count, released)
        }
        withExtendedLifetime(released) {}
        return count
    }

    /// How many owners have records, dead ones not yet purged included.
    public var ownerCount: Int { table.withLock { $0.count } }

    /// Every value associated with `owner` now, under any key (`.assign`
    /// values that died left out), in no particular order: what the
    /// playground's census follows from an object to what it holds this way.
    public func values(on owner: AnyObject) -> [Any] {
        let ownerID = ObjectIdentifier(owner)
        let (values, released) = table.withLock { table -> (Unchecked<[Any]>, Released) in
            var released = Released()
            guard let record = table.liveRecord(of: owner, at: ownerID, releasing: &released) else {
                return (Unchecked([]), released)
            }
            let values = record.entries.values.compactMap { entry -> Any? in
                switch entry.value {
                case .strong(let value): value
                case .weak(let reference): reference.object
                }
            }
            return (Unchecked(values), released)
        }
        withExtendedLifetime(released) {}
        return values.value
    }
}

// MARK: - The Objective-C runtime's spelling

/// `objc_setAssociatedObject(owner, &key, value, policy)` on the shared store.
public func setAssociatedObject<Value>(
    _ owner: AnyObject, _ key: AssociationKey<Value>, _ value: Value?, _ policy: AssociationPolicy<Value>
) {
    AssociatedObjectStore.shared.set(value, for: key, on: owner, policy: policy)
}

/// `objc_getAssociatedObject(owner, &key)` on the shared store, typed by the key.
public func getAssociatedObject<Value>(_ owner: AnyObject, _ key: AssociationKey<Value>) -> Value? {
    AssociatedObjectStore.shared.value(for: key, on: owner)
}

/// `objc_removeAssociatedObjects(owner)` on the shared store; call it from
/// the owner's `deinit` to release its values when it dies.
public func removeAssociatedObjects(_ owner: AnyObject) {
    AssociatedObjectStore.shared.removeAll(from: owner)
}

// MARK: - The table

/// One owner's values. Only ever touched with the store's lock held, which is
/// what makes the unchecked `Sendable` true.
private final class Record: @unchecked Sendable {
    /// Tells this owner from a later object at the same address.
    weak var owner: AnyObject?
    var entries: [ObjectIdentifier: Entry] = [:]

    init(owner: AnyObject) {
        self.owner = owner
    }

    /// The live value under `key`; a dead `.assign` value's entry is dropped,
    /// and the record with it when it was the last.
    func value<Value>(
        for key: AssociationKey<Value>, ownerID: ObjectIdentifier, in table: inout [ObjectIdentifier: Record]
    ) -> Value? {
        let keyID = ObjectIdentifier(key)
        switch entries[keyID]?.value {
        case nil:
            return nil
        case .strong(let value):
            return value as? Value
        case .weak(let reference):
            if let object = reference.object { return object as? Value }
            entries[keyID] = nil  // holds no strong reference: nothing is released here
            if entries.isEmpty { table[ownerID] = nil }
            return nil
        }
    }
}

/// One associated value and the key it is stored under. The key is kept alive
/// so that its address, the entry's identity, cannot be reused meanwhile.
private struct Entry {
    enum Held {
        case strong(Any)
        case weak(WeakReference)
    }

    let key: AnyObject
    let value: Held
}

private struct WeakReference {
    weak var object: AnyObject?
}

extension [ObjectIdentifier: Record] {
    /// The record of `owner`, if it has one. A record at the same address
    /// whose weak reference no longer points at `owner` belonged to a dead
    /// object: it is removed and its values handed to `released`.
    ///
    /// Safe under the lock: the weak load yields either nil or `owner`
    /// itself, which the caller holds, so it is never a last reference.
    fileprivate mutating func liveRecord(
        of owner: AnyObject, at id: ObjectIdentifier, releasing released: inout Released
    ) -> Record? {
        guard let record = self[id] else { return nil }
        if record.owner === owner { return record }
        released.append(removeValue(forKey: id))
        return nil
    }

    fileprivate mutating func insertRecord(of owner: AnyObject, at id: ObjectIdentifier) -> Record {
        let record = Record(owner: owner)
        self[id] = record
        return record
    }
}

/// What an operation took out of the table, carried out of the lock so that
/// it is released — and any `deinit` it triggers runs — unlocked. Most
/// operations release at most one thing, which is kept inline: no allocation.
private struct Released: @unchecked Sendable {
    private var first: Any?
    private var more: [Any] = []

    init() {}

    init(record: Record?) {
        append(record)
    }

    mutating func append(_ item: Any?) {
        guard let item else { return }
        if first == nil {
            first = item
        } else {
            more.append(item)
        }
    }
}

/// Carries a value out of `Mutex.withLock`, whose result must be `sending`.
/// The store's values are the caller's to share safely (see the type's
/// "Threads" note); the table around them is what the lock protects.
private struct Unchecked<Wrapped>: @unchecked Sendable {
    let value: Wrapped

    init(_ value: Wrapped) {
        self.value = value
    }
}
