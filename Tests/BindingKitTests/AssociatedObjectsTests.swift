import BindingKit
import Dispatch
import Synchronization
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

@Suite struct AssociatedObjectsTests {
    /// An owner that, like most, does nothing about its associated values.
    final class Owner: Sendable {}

    /// An owner that releases its values as it dies, as the runtime would.
    final class TidyOwner {
        let store: AssociatedObjectStore
        init(_ store: AssociatedObjectStore) { self.store = store }
        deinit { store.removeAll(from: self) }
    }

    /// A value to watch die.
    final class Value: Sendable {
        let number: Int
        init(_ number: Int = 0) { self.number = number }
    }

    /// A value whose `deinit` uses the store that held it.
    final class Reentrant {
        let store: AssociatedObjectStore
        let elsewhere: Owner
        init(_ store: AssociatedObjectStore, elsewhere: Owner) {
            self.store = store
            self.elsewhere = elsewhere
        }
        deinit {
            store.set(Value(), for: AssociatedObjectsTests.valueKey, on: elsewhere)
            _ = store.value(for: AssociatedObjectsTests.valueKey, on: elsewhere)
            store.removeAll(from: elsewhere)
            store.purgeDeadOwners()
        }
    }

    static let valueKey = AssociationKey<Value>("value")
    static let otherKey = AssociationKey<Value>("other")
    static let numberKey = AssociationKey<Int>("number")
    static let reentrantKey = AssociationKey<Reentrant>("reentrant")

    /// Set, get, overwrite and set nil behave like a stored optional property.
    @Test func setGetOverwriteRemove() {
        let store = AssociatedObjectStore()
        let owner = Owner()
        #expect(store.value(for: Self.numberKey, on: owner) == nil)
        store.set(1, for: Self.numberKey, on: owner)
        #expect(store.value(for: Self.numberKey, on: owner) == 1)
        store.set(2, for: Self.numberKey, on: owner)
        #expect(store.value(for: Self.numberKey, on: owner) == 2)
        #expect(store.ownerCount == 1)
        store.set(nil, for: Self.numberKey, on: owner)
        #expect(store.value(for: Self.numberKey, on: owner) == nil)
        #expect(store.ownerCount == 0)
    }

    /// Two keys on one owner, and one key on two owners, are four separate slots.
    @Test func keysAndOwnersAreIndependent() {
        let store = AssociatedObjectStore()
        let (first, second) = (Owner(), Owner())
        store.set(Value(1), for: Self.valueKey, on: first)
        store.set(Value(2), for: Self.otherKey, on: first)
        store.set(Value(3), for: Self.valueKey, on: second)
        #expect(store.value(for: Self.valueKey, on: first)?.number == 1)
        #expect(store.value(for: Self.otherKey, on: first)?.number == 2)
        #expect(store.value(for: Self.valueKey, on: second)?.number == 3)
        #expect(store.value(for: Self.otherKey, on: second) == nil)
        let sameName = AssociationKey<Value>("value")
        #expect(store.value(for: sameName, on: first) == nil, "keys are told apart by identity, not name")
    }

    /// `.retain` keeps a value alive after every other reference is gone.
    @Test func retainKeepsTheValueAlive() {
        let store = AssociatedObjectStore()
        let owner = Owner()
        var value: Value? = Value(7)
        weak let watched = value
        store.set(value, for: Self.valueKey, on: owner, policy: .retain)
        value = nil
        #expect(watched != nil)
        #expect(store.value(for: Self.valueKey, on: owner)?.number == 7)
    }

    /// `.assign` does not keep a value alive, and reading it after it died answers nil.
    @Test func assignDoesNotKeepTheValueAlive() {
        let store = AssociatedObjectStore()
        let owner = Owner()
        var value: Value? = Value(7)
        weak let watched = value
        store.set(value, for: Self.valueKey, on: owner, policy: .assign)
        #expect(store.value(for: Self.valueKey, on: owner) === value)
        value = nil
        #expect(watched == nil)
        #expect(store.value(for: Self.valueKey, on: owner) == nil)
        #expect(store.ownerCount == 0, "the dead value's entry goes when read")
    }

    /// Overwriting or setting nil releases the value that was there.
    @Test func replacedValuesAreReleased() {
        let store = AssociatedObjectStore()
        let owner = Owner()
        weak var first: Value?
        weak var second: Value?
        do {
            let value = Value(1)
            first = value
            store.set(value, for: Self.valueKey, on: owner)
        }
        do {
            let value = Value(2)
            second = value
            store.set(value, for: Self.valueKey, on: owner)
        }
        #expect(first == nil)
        #expect(second != nil)
        store.set(nil, for: Self.valueKey, on: owner)
        #expect(second == nil)
    }

    /// An owner that calls `removeAll(from:)` in its deinit takes its values with it.
    @Test func valuesGoWithAnOwnerThatRemovesThem() {
        let store = AssociatedObjectStore()
        var owner: TidyOwner? = TidyOwner(store)
        weak var value: Value?
        do {
            let made = Value()
            value = made
            store.set(made, for: Self.valueKey, on: owner!)
            store.set(5, for: Self.numberKey, on: owner!)
        }
        #expect(value != nil)
        owner = nil
        #expect(value == nil)
        #expect(store.ownerCount == 0)
    }

    /// Inside its own deinit an owner is no longer recognised: its values read as nil there, and are released.
    @Test func anOwnerCannotReadItsValuesInItsDeinit() {
        final class Reader {
            let store: AssociatedObjectStore
            let onDeinit: (Int?) -> Void
            init(_ store: AssociatedObjectStore, onDeinit: @escaping (Int?) -> Void) {
                self.store = store
                self.onDeinit = onDeinit
            }
            deinit { onDeinit(store.value(for: AssociatedObjectsTests.numberKey, on: self)) }
        }
        let store = AssociatedObjectStore()
        var read: Int?? = .none
        do {
            let owner = Reader(store) { read = .some($0) }
            store.set(5, for: Self.numberKey, on: owner)
            #expect(store.value(for: Self.numberKey, on: owner) == 5)
        }
        #expect(read == .some(nil))
        #expect(store.ownerCount == 0)
    }

    /// Every operation on an owner inside its own deinit — each one forms or loads a weak
    /// reference to a deiniting object — is safe: reads answer nil, writes land in a record
    /// no lookup accepts, and `removeAll(from:)` then releases them before the deinit ends.
    @Test func everyOperationIsSafeOnAnOwnerInItsDeinit() {
        final class Busy {
            let store: AssociatedObjectStore
            let onDeinit: (_ read: Int?, _ made: Value, _ ownersBeforeRemoval: Int) -> Void
            init(_ store: AssociatedObjectStore, onDeinit: @escaping (Int?, Value, Int) -> Void) {
                self.store = store
                self.onDeinit = onDeinit
            }
            deinit {
                store.set(6, for: AssociatedObjectsTests.numberKey, on: self)
                let read = store.value(for: AssociatedObjectsTests.numberKey, on: self)
                let made = store.value(for: AssociatedObjectsTests.valueKey, on: self, insertingIfAbsent: Value(9))
                let owners = store.ownerCount
                store.removeAll(from: self)
                onDeinit(read, made, owners)
            }
        }
        let store = AssociatedObjectStore()
        var read: Int?? = .none
        weak var made: Value?
        var ownersBeforeRemoval = 0
        do {
            let owner = Busy(store) { number, value, owners in
                read = .some(number)
                made = value
                ownersBeforeRemoval = owners
            }
            store.set(5, for: Self.numberKey, on: owner)
        }
        #expect(read == .some(nil), "a record made in a deinit holds a nil owner: no lookup accepts it")
        #expect(ownersBeforeRemoval == 1)
        #expect(made == nil, "removeAll(from:) in the deinit released the value made there")
        #expect(store.ownerCount == 0)
    }

    /// A dead owner's values stay until `purgeDeadOwners()`, which releases them and only them.
    @Test func purgeReleasesOnlyDeadOwnersValues() {
        let store = AssociatedObjectStore()
        let survivor = Owner()
        store.set(Value(1), for: Self.valueKey, on: survivor)
        weak var orphan: Value?
        do {
            let owner = Owner()
            let value = Value(2)
            orphan = value
            store.set(value, for: Self.valueKey, on: owner)
        }
        #expect(orphan != nil, "no hook tells the store an owner died")
        #expect(store.ownerCount == 2)
        #expect(store.purgeDeadOwners() == 1)
        #expect(orphan == nil)
        #expect(store.ownerCount == 1)
        #expect(store.value(for: Self.valueKey, on: survivor)?.number == 1)
    }

    /// Owners allocated and freed in a loop land on reused addresses, and never see a predecessor's value.
    @Test(.disabled(if: AddressSanitizer.isOn, AddressSanitizer.noReuse))
    func aNewOwnerAtAReusedAddressStartsEmpty() {
        let store = AssociatedObjectStore()
        var seen = Set<ObjectIdentifier>()
        var reused = 0
        for round in 0..<20_000 {
            let owner = Owner()
            if !seen.insert(ObjectIdentifier(owner)).inserted { reused += 1 }
            #expect(store.value(for: Self.numberKey, on: owner) == nil)
            #expect(store.value(for: Self.valueKey, on: owner) == nil)
            store.set(round, for: Self.numberKey, on: owner)
            if round.isMultiple(of: 2) { store.set(Value(round), for: Self.valueKey, on: owner) }
            #expect(store.value(for: Self.numberKey, on: owner) == round)
        }
        #expect(reused > 1000, "the allocator should have reused addresses; the test proves nothing otherwise")
        #expect(store.ownerCount == seen.count, "one record per address: a reuse replaced its predecessor's")
        store.purgeDeadOwners()
        #expect(store.ownerCount == 0)
    }

    /// A dead predecessor's values are released as soon as a new owner at its address touches the store.
    @Test(.disabled(if: AddressSanitizer.isOn, AddressSanitizer.noReuse))
    func reuseReleasesThePredecessorsValues() {
        let store = AssociatedObjectStore()
        weak var previousValue: Value?
        var previousAddress: ObjectIdentifier?
        var reuses = 0
        var stale = 0
        for _ in 0..<2_000 {
            let owner = Owner()
            let address = ObjectIdentifier(owner)
            #expect(store.value(for: Self.valueKey, on: owner) == nil)
            if address == previousAddress {
                reuses += 1
                if previousValue != nil { stale += 1 }
            }
            let value = Value()
            previousValue = value
            previousAddress = address
            store.set(value, for: Self.valueKey, on: owner)
        }
        #expect(reuses > 0, "same-size objects freed and allocated in turn should share an address")
        #expect(stale == 0)
    }

    /// Many threads setting and reading on shared and private owners lose no write and never crash.
    @Test(.timeLimit(.minutes(1))) func concurrentUseLosesNothing() {
        let store = AssociatedObjectStore()
        let shared = Owner()
        let threads = 8
        let writes = 2_000
        let keys = (0..<threads).map { AssociationKey<Int>("thread \($0)") }
        let mismatches = Atomic<Int>(0)
        DispatchQueue.concurrentPerform(iterations: threads) { thread in
            let mine = Owner()
            for n in 1...writes {
                store.set(n, for: keys[thread], on: shared)
                store.set(n, for: keys[thread], on: mine)
                if store.value(for: keys[thread], on: shared) != n { mismatches.add(1, ordering: .relaxed) }
                let passing = Owner()  // short-lived owners: records come and go, addresses get reused
                store.set(Value(n), for: Self.valueKey, on: passing)
                if store.value(for: Self.valueKey, on: passing)?.number != n { mismatches.add(1, ordering: .relaxed) }
                store.removeAll(from: passing)
            }
            if store.value(for: keys[thread], on: mine) != writes { mismatches.add(1, ordering: .relaxed) }
            store.removeAll(from: mine)
        }
        #expect(mismatches.load(ordering: .relaxed) == 0)
        for key in keys { #expect(store.value(for: key, on: shared) == writes) }
        #expect(store.ownerCount == 1)
    }

    /// Threads racing to create a value on one owner all get the same one.
    @Test(.timeLimit(.minutes(1))) func insertingIfAbsentIsAtomic() {
        let store = AssociatedObjectStore()
        for _ in 0..<200 {
            let owner = Owner()
            let identities = Mutex<Set<ObjectIdentifier>>([])
            DispatchQueue.concurrentPerform(iterations: 8) { _ in
                let value = store.value(for: Self.valueKey, on: owner, insertingIfAbsent: Value())
                identities.withLock { _ = $0.insert(ObjectIdentifier(value)) }
            }
            #expect(identities.withLock { $0.count } == 1)
            store.removeAll(from: owner)
        }
    }

    /// A released value whose deinit uses the store does not deadlock it, however it is released.
    @Test(.timeLimit(.minutes(1))) func reentrantDeinitDoesNotDeadlock() {
        let store = AssociatedObjectStore()
        let elsewhere = Owner()
        let owner = Owner()
        // Replaced.
        store.set(Reentrant(store, elsewhere: elsewhere), for: Self.reentrantKey, on: owner)
        store.set(Reentrant(store, elsewhere: elsewhere), for: Self.reentrantKey, on: owner)
        // Removed.
        store.set(nil, for: Self.reentrantKey, on: owner)
        store.set(Reentrant(store, elsewhere: elsewhere), for: Self.reentrantKey, on: owner)
        store.removeAll(from: owner)
        // With its owner, from the owner's deinit.
        do {
            let tidy = TidyOwner(store)
            store.set(Reentrant(store, elsewhere: elsewhere), for: Self.reentrantKey, on: tidy)
        }
        // Purged, and at a reused address.
        for _ in 0..<100 {
            let passing = Owner()
            store.set(Reentrant(store, elsewhere: elsewhere), for: Self.reentrantKey, on: passing)
        }
        store.purgeDeadOwners()
        #expect(store.value(for: Self.reentrantKey, on: owner) == nil)
        #expect(store.ownerCount == 0)
    }

    /// The objc-shaped free functions work on the shared store.
    @Test func runtimeSpellingUsesTheSharedStore() {
        let owner = Owner()
        let value = Value(42)
        setAssociatedObject(owner, Self.valueKey, value, .assign)
        #expect(getAssociatedObject(owner, Self.valueKey) === value)
        #expect(AssociatedObjectStore.shared.value(for: Self.valueKey, on: owner) === value)
        removeAssociatedObjects(owner)
        #expect(getAssociatedObject(owner, Self.valueKey) == nil)
    }
}

/// Whether this test process runs under AddressSanitizer (`Tests/Sanitizers/run.sh address`).
enum AddressSanitizer {
    static let isOn = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "__asan_init") != nil

    /// Why a test that needs freed memory to be reused cannot run under it.
    static let noReuse: Comment =
        "AddressSanitizer keeps freed memory in quarantine, so no address is reused and the test would prove nothing"
}
