import BindingKit

/// The repository's older `Observable`: the same array of `(weak observer,
/// block)` entries, but the replay and every notification are hopped through
/// `DispatchQueue.main.async`, and each block reads `value` when its turn
/// runs, not when it was set — two sets in one turn deliver the second value
/// twice.
///
/// The view models built on it do not hop themselves: their `mainQueue` is
/// an inline one (`InlineQueue`), as the repository's tests inject.
final class MainQueueObservable<Value> {
    struct Observer {
        weak var observer: AnyObject?
        let block: (Value) -> Void
    }

    private var observers = [Observer]()

    var value: Value {
        didSet { notifyObservers() }
    }

    /// The playground's one hook (see `ObservableBackend+Trace.swift`); nil unless traced.
    var trace: ObservationTrace<Value>?

    init(_ value: Value) {
        self.value = value
    }

    func observe(on observer: AnyObject, observerBlock: @escaping (Value) -> Void) {
        observers.append(Observer(observer: observer, block: observerBlock))
        DispatchQueue.main.async { [weak observer] in
            self.trace?.delivered(self.value, to: observer)
            observerBlock(self.value)
        }
    }

    func remove(observer: AnyObject) {
        observers = observers.filter { $0.observer !== observer }
    }

    private func notifyObservers() {
        for observer in observers {
            DispatchQueue.main.async {
                self.trace?.delivered(self.value, to: observer.observer)
                observer.block(self.value)
            }
        }
    }
}

/// A main queue that runs the work at once: what the repository's tests
/// inject as `DispatchQueueType`, and what the view models get when their
/// observables hop themselves.
final class InlineQueue: DispatchQueueType {
    func async(_ work: @escaping () -> Void) { work() }
}
