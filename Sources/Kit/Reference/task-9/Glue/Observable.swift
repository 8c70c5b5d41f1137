import BindingKit

/// The Clean Architecture article's `Observable` (kudoleh/iOS-Clean-Architecture-MVVM,
/// `Presentation/Utils/Observable.swift`), as its repository wrote it when
/// issue 36, "Observer class does not stop listening when remove is called",
/// was opened (December 2024): observers in an array of `(weak observer,
/// block)` entries; `observe(on:observerBlock:)` appends one and sends it the
/// current value on the main queue; every set of `value` sends each entry's
/// block the value on the main queue; `remove(observer:)` drops the
/// observer's entries.
///
/// The repository guards the array with a concurrent queue and barriers;
/// the playground runs everything on one thread, so the array is used
/// directly here. What stays is what the issue is about: the main-queue hop.
final class Observable<Value> {
    /// One observer's entry. A class, so that a delivery already queued can
    /// ask, when its turn comes, whether the entry is still there.
    final class Observer {
        weak var observer: AnyObject?
        let block: (Value) -> Void
        /// Cleared by `remove(observer:)`: a delivery queued before it is dropped.
        var isObserving = true

        init(observer: AnyObject, block: @escaping (Value) -> Void) {
            self.observer = observer
            self.block = block
        }
    }

    private var observers = [Observer]()

    var value: Value {
        didSet { notifyObservers() }
    }

    init(_ value: Value) {
        self.value = value
    }

    func observe(on observer: AnyObject, observerBlock: @escaping (Value) -> Void) {
        let entry = Observer(observer: observer, block: observerBlock)
        observers.append(entry)
        DispatchQueue.main.async { self.deliver(to: entry) }
    }

    /// Drops the observer's entries, and with them every delivery to it
    /// still queued: each one looks at its entry when its turn comes.
    func remove(observer: AnyObject) {
        for entry in observers where entry.observer === observer { entry.isObserving = false }
        observers = observers.filter { $0.isObserving }
    }

    private func notifyObservers() {
        for entry in observers {
            DispatchQueue.main.async { self.deliver(to: entry) }
        }
    }

    /// The value to `entry`'s block, unless it was removed since the delivery was queued.
    private func deliver(to entry: Observer) {
        guard entry.isObserving else { return }
        entry.block(value)
    }
}
