import BindingKit

/// Seed 004's `Observable`, in the form kudoleh/iOS-Clean-Architecture-MVVM
/// ships it: observers in an array of `(weak observer, block)` pairs, in the
/// order they subscribed.
///
/// - `observe(on:observerBlock:)` appends and calls the block at once with
///   the current value (replay).
/// - Every set of `value` notifies every entry, synchronously, equal values
///   too (there is no `Equatable` constraint to compare with).
/// - `remove(observer:)` drops every entry of that observer.
/// - Entries of observers that died are never pruned: their blocks keep
///   running, and do nothing only because they capture `[weak self]`.
///
/// The main-queue hop is not here but in the view models (their injected
/// `mainQueue`), as in the repository's current form.
///
/// Public (with `ArticleObservable`, the only public types of this module
/// besides the backend) so that `binding-bench` measures this very class.
/// The repository's `var value { didSet { notifyObservers() } }` is a
/// computed `value` over `storage` here, only so that its setter can be
/// `@inlinable`: the bench, like this module, then calls a version
/// specialised for its value type (as `Output.send` in the `output` backend).
public final class Observable<Value> {
    @usableFromInline
    struct Observer {
        @usableFromInline weak var observer: AnyObject?
        @usableFromInline let block: (Value) -> Void

        @usableFromInline
        init(observer: AnyObject, block: @escaping (Value) -> Void) {
            self.observer = observer
            self.block = block
        }
    }

    @usableFromInline var observers = [Observer]()
    @usableFromInline var storage: Value

    /// Where deliveries are traced: the playground's addition, nil in the
    /// benchmark. Not part of the article's class.
    @usableFromInline var trace: ObservationTrace<Value>?

    public var value: Value {
        get { storage }
        @inlinable set {
            storage = newValue
            notifyObservers()
        }
    }

    public init(_ value: Value) {
        self.storage = value
    }

    /// Appends `observerBlock` for `observer` and calls it at once with the
    /// current value.
    public func observe(on observer: AnyObject, observerBlock: @escaping (Value) -> Void) {
        observers.append(Observer(observer: observer, block: observerBlock))
        trace?.delivered(storage, to: observer)
        observerBlock(storage)
    }

    /// Drops every entry `observer` added.
    ///
    /// - Complexity: O(n) in the number of entries.
    public func remove(observer: AnyObject) {
        observers.removeAll { $0.observer === observer }
    }

    /// How many entries there are, dead observers' included (for tests).
    var entryCount: Int { observers.count }

    /// - Complexity: O(n) in the number of entries, dead ones included.
    @inlinable
    func notifyObservers() {
        for observer in observers {
            trace?.delivered(storage, to: observer.observer)
            observer.block(storage)
        }
    }
}

/// `Observable` under a name of its own, for code that also imports Swift's
/// Observation (whose `Observable` takes the name there, and this module's
/// name is also its backend's, so `ObservableBackend.Observable` does not
/// resolve): the benchmark.
public typealias RepositoryObservable<Value> = Observable<Value>
