import BindingKit

/// The repository's older `Observable`: the same array of `(weak observer,
/// block)` entries, but the replay and every notification are hopped through
/// `DispatchQueue.main.async` (here the lane's virtual main queue), and each
/// block reads `value` when its turn runs, not when it was set — two sets
/// in one turn deliver the second value twice.
///
/// The view models built on it do not hop themselves: their `mainQueue` is
/// an inline one (`InlineQueue`), as the repository's tests inject.
final class MainQueueObservable<Value> {
    private struct Observer {
        weak var observer: AnyObject?
        let block: (Value) -> Void
    }

    private var observers = [Observer]()
    private let mainQueue: any DispatchQueueType

    var value: Value {
        didSet { notifyObservers() }
    }

    /// Where deliveries are traced: the playground's addition.
    var trace: ObservationTrace<Value>?

    init(_ value: Value, mainQueue: any DispatchQueueType) {
        self.value = value
        self.mainQueue = mainQueue
    }

    func observe(on observer: AnyObject, observerBlock: @escaping (Value) -> Void) {
        observers.append(Observer(observer: observer, block: observerBlock))
        mainQueue.async { [weak observer] in
            self.trace?.delivered(self.value, to: observer)
            observerBlock(self.value)
        }
    }

    func remove(observer: AnyObject) {
        observers.removeAll { $0.observer === observer }
    }

    var entryCount: Int { observers.count }

    private func notifyObservers() {
        for observer in observers {
            mainQueue.async {
                self.trace?.delivered(self.value, to: observer.observer)
                observer.block(self.value)
            }
        }
    }
}

extension MainQueueObservable: ObservableProperty {}

/// A main queue that runs the work at once: what seed 004's tests inject as
/// `DispatchQueueType`, and what the view models get when their observables
/// hop themselves.
final class InlineQueue: DispatchQueueType {
    func async(_ work: @escaping () -> Void) { work() }
}
