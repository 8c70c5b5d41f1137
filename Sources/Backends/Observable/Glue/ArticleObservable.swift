/// The article's own `Observable` ("a very simplified version"): one
/// optional closure. `observe(_:)` replaces it and calls the new one at once;
/// every set of `value` calls it.
///
/// Named `ArticleObservable` here only because the repository's form takes
/// the article's name in this module.
public final class ArticleObservable<Value> {
    private var closure: ((Value) -> Void)?

    public var value: Value {
        didSet {
            if closure != nil { trace?.delivered(value) }
            closure?(value)
        }
    }

    /// The playground's one hook (see `ObservableBackend+Trace.swift`); nil unless traced.
    var trace: ObservationTrace<Value>?

    public init(_ value: Value) {
        self.value = value
    }

    public func observe(_ closure: @escaping (Value) -> Void) {
        self.closure = closure
        trace?.delivered(value)
        closure(value)
    }
}
