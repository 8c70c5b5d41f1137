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
public final class Observable<Value> {
    struct Observer {
        weak var observer: AnyObject?
        let block: (Value) -> Void
    }

    private var observers = [Observer]()

    public var value: Value {
        didSet { notifyObservers() }
    }

    /// Where deliveries are traced: the playground's addition, nil in the
    /// benchmark. Not part of the article's class.
    var trace: ObservationTrace<Value>?

    public init(_ value: Value) {
        self.value = value
    }

    /// Appends `observerBlock` for `observer` and calls it at once with the
    /// current value.
    public func observe(on observer: AnyObject, observerBlock: @escaping (Value) -> Void) {
        observers.append(Observer(observer: observer, block: observerBlock))
        trace?.delivered(value, to: observer)
        observerBlock(value)
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
    private func notifyObservers() {
        for observer in observers {
            trace?.delivered(value, to: observer.observer)
            observer.block(value)
        }
    }
}
