import BindingKit

// Combine is Apple's: what "Adapting an existing business solution for iOS,
// part 3" (2020) binds with is modelled here, as small as its rules allow
// (each is cited in Docs/approaches/published.md). Named as Combine names it.

/// Combine's `ObservableObject`: "a type of object with a publisher that
/// emits before the object has changed".
protocol ObservableObject: AnyObject {
    var objectWillChange: ObservableObjectPublisher { get }
}

extension ObservableObject {
    /// The publisher Combine synthesizes for a class that declares none: one
    /// per object, made when first asked for and kept with it (hung on the
    /// object with BindingKit's associated objects, as Combine finds its
    /// place in the object at run time).
    var objectWillChange: ObservableObjectPublisher {
        AssociatedObjectStore.shared.value(
            for: objectWillChangeKey, on: self, insertingIfAbsent: ObservableObjectPublisher())
    }
}

private let objectWillChangeKey = AssociationKey<ObservableObjectPublisher>("objectWillChange")

/// Combine's `Subscriber`, for a publisher of nothing that never fails: told
/// each `send()`.
protocol Subscriber: AnyObject {
    func receive()
}

/// Combine's `AnyCancellable`: cancels its subscription when cancelled or
/// when it goes.
final class AnyCancellable {
    private var cancelAction: (() -> Void)?

    init(_ cancel: @escaping () -> Void) {
        cancelAction = cancel
    }

    deinit { cancel() }

    func cancel() {
        cancelAction?()
        cancelAction = nil
    }
}

/// Combine's `ObservableObjectPublisher`: tells its subscribers, in the order
/// they subscribed, that the object will change. It says nothing of what
/// will change, nor to what.
final class ObservableObjectPublisher {
    private var subscriptions: [(id: Int, subscriber: any Subscriber)] = []
    private var nextID = 0
    /// The playground's watch on this publisher (`PublishedBackend+Trace.swift`); nil otherwise.
    var watch: (any ObjectWillChangeWatch)?

    init() {}

    /// Who is subscribed now, in order.
    var subscribers: [any Subscriber] { subscriptions.map(\.subscriber) }

    /// Keeps `subscriber` until the returned cancellable is cancelled or goes.
    func subscribe(_ subscriber: any Subscriber) -> AnyCancellable {
        nextID += 1
        let id = nextID
        subscriptions.append((id, subscriber))
        return AnyCancellable { [weak self] in self?.subscriptions.removeAll { $0.id == id } }
    }

    /// Tells every subscriber, those of this moment: one that subscribes
    /// while they hear it waits for the next send.
    func send() {
        for subscription in subscriptions { subscription.subscriber.receive() }
    }
}

/// Combine's `@Published`: a property of an `ObservableObject` whose every
/// set sends the object's `objectWillChange` first, in its `willSet`, and
/// only then stores the value. Equal values are sent too.
@propertyWrapper
struct Published<Value> {
    private var value: Value

    init(wrappedValue: Value) {
        value = wrappedValue
    }

    @available(*, unavailable, message: "@Published is only available on properties of classes")
    var wrappedValue: Value {
        get { fatalError("@Published is only available on properties of classes") }
        set { fatalError("@Published is only available on properties of classes") }
    }

    /// How a class reads and sets a `@Published` property: the setter sends
    /// before it stores, so a subscriber that reads the property then reads
    /// the value it is about to lose.
    static subscript<EnclosingSelf: ObservableObject>(
        _enclosingInstance object: EnclosingSelf,
        wrapped wrappedKeyPath: ReferenceWritableKeyPath<EnclosingSelf, Value>,
        storage storageKeyPath: ReferenceWritableKeyPath<EnclosingSelf, Self>
    ) -> Value {
        get { object[keyPath: storageKeyPath].value }
        set {
            let objectWillChange = object.objectWillChange
            // The playground's watch, if any: what is about to change.
            objectWillChange.watch?.willSet(wrappedKeyPath, storage: storageKeyPath, of: object)
            objectWillChange.send()
            object[keyPath: storageKeyPath].value = newValue
        }
    }
}
