import BindingKit

/// The repository's `Observable` of 2020 to 2023 (kudoleh/iOS-Clean-Architecture-MVVM,
/// `ExampleMVVM/Presentation/Utils/Observable.swift` at 3db3dfed): the same
/// array of `(weak observer, block)` entries; `observe(on:observerBlock:)`
/// calls the block at once (the replay), but every notification is hopped
/// through `DispatchQueue.main.async`, and each block reads `value` when its
/// turn runs, not when it was set — two sets in one turn deliver the second
/// value twice.
///
/// The view models built on it do not hop themselves (the repository's of
/// that time set their outputs in the use cases' completions directly): their
/// `mainQueue` is an inline one (`InlineQueue`).
final class QueuedNotificationsObservable<Value> {
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
        trace?.delivered(value, to: observer)
        observerBlock(self.value)
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
