import BindingKit

/// The article's own `Observable` ("a very simplified version"): one
/// optional closure. `observe(_:)` replaces it and calls the new one at once;
/// every set of `value` calls it.
///
/// Named `ArticleObservable` here only because the repository's form takes
/// the article's name in this module; the shape is the article's.
public final class ArticleObservable<Value> {
    private var closure: ((Value) -> Void)?

    public var value: Value {
        didSet {
            if closure != nil { trace?.delivered(value, to: tracedObserver) }
            closure?(value)
        }
    }

    /// Where deliveries are traced, and whom the closure belongs to: the
    /// playground's additions (the article's class knows no observer).
    var trace: ObservationTrace<Value>?
    private weak var tracedObserver: AnyObject?

    public init(_ value: Value) {
        self.value = value
    }

    /// Keeps `closure` — instead of the one kept so far, if any — and calls
    /// it at once with the current value.
    public func observe(_ closure: @escaping (Value) -> Void) {
        self.closure = closure
        trace?.delivered(value, to: tracedObserver)
        closure(value)
    }

    /// Notes whom the next `observe(_:)` is for, for the trace only.
    func willBeObserved(by observer: AnyObject) {
        tracedObserver = observer
    }
}
