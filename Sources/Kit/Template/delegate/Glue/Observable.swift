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
    struct Observer {
        weak var observer: AnyObject?
        let block: (Value) -> Void
    }

    private var observers = [Observer]()

    var value: Value {
        didSet { notifyObservers() }
    }

    init(_ value: Value) {
        self.value = value
    }

    func observe(on observer: AnyObject, observerBlock: @escaping (Value) -> Void) {
        observers.append(Observer(observer: observer, block: observerBlock))
        DispatchQueue.main.async { observerBlock(self.value) }
    }

    // TASK 9: the capstone. The steps, in a view controller's
    // `viewDidLoad`: `observe(on: self)`, `remove(observer: self)`, then
    // `value = false`, and the block still runs. Why? (Which deliveries are
    // queued on the main queue when `remove(observer:)` is called, and what
    // do they hold?) Make `remove(observer:)` really stop every delivery to
    // that observer, those already queued included, and leave the others'.
    func remove(observer: AnyObject) {
        observers = observers.filter { $0.observer !== observer }
    }

    private func notifyObservers() {
        for observer in observers {
            DispatchQueue.main.async { observer.block(self.value) }
        }
    }
}
