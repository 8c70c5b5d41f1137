/// The Clean Architecture article's `Observable`, in the form its repository
/// (kudoleh/iOS-Clean-Architecture-MVVM) ships: observers in an array of
/// `(weak observer, block)` pairs, in the order they subscribed.
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
public final class Observable<Value> {
    struct Observer {
        weak var observer: AnyObject?
        let block: (Value) -> Void
    }

    private var observers = [Observer]()

    public var value: Value {
        didSet { notifyObservers() }
    }

    /// The playground's one hook (see `ObservableBackend+Trace.swift`); nil unless traced.
    var trace: ObservationTrace<Value>?

    public init(_ value: Value) {
        self.value = value
    }

    public func observe(on observer: AnyObject, observerBlock: @escaping (Value) -> Void) {
        observers.append(Observer(observer: observer, block: observerBlock))
        trace?.delivered(value, to: observer)
        observerBlock(self.value)
    }

    public func remove(observer: AnyObject) {
        observers = observers.filter { $0.observer !== observer }
    }

    private func notifyObservers() {
        for observer in observers {
            trace?.delivered(value, to: observer.observer)
            observer.block(self.value)
        }
    }
}
