import BindingKit

/// The article's own `Observable` ("a very simplified version"): one
/// optional closure. `observe(_:)` replaces it and calls the new one at once;
/// every set of `value` calls it.
///
/// Named `ArticleObservable` here only because the repository's form takes
/// the article's name in this module; the shape is the article's (with the
/// same inlinable setter as `Observable`, for the bench).
public final class ArticleObservable<Value> {
    @usableFromInline var closure: ((Value) -> Void)?
    @usableFromInline var storage: Value

    /// Where deliveries are traced, and whom the closure belongs to: the
    /// playground's additions (the article's class knows no observer).
    @usableFromInline var trace: ObservationTrace<Value>?
    @usableFromInline weak var tracedObserver: AnyObject?

    public var value: Value {
        get { storage }
        @inlinable set {
            storage = newValue
            if closure != nil { trace?.delivered(storage, to: tracedObserver) }
            closure?(storage)
        }
    }

    public init(_ value: Value) {
        self.storage = value
    }

    /// Keeps `closure` — instead of the one kept so far, if any — and calls
    /// it at once with the current value.
    public func observe(_ closure: @escaping (Value) -> Void) {
        self.closure = closure
        trace?.delivered(storage, to: tracedObserver)
        closure(storage)
    }

    /// Notes whom the next `observe(_:)` is for, for the trace only.
    func willBeObserved(by observer: AnyObject) {
        tracedObserver = observer
    }
}
