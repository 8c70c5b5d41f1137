/// The `Dynamic<T>` of "Bindings in Swift: first steps towards MVVM" (2015):
/// a value whose every set calls every listener.
///
/// `bind(_:)` adds a listener and calls it at once with the current value;
/// `addListener(_:)` only adds it. Listeners are held strongly and there is
/// no way to remove one, as in the article and its author's demo
/// (nayzak/Swift-MVVM): a listener lives as long as its `Dynamic`, so what it
/// captures strongly lives that long too. Every set notifies, equal values
/// included.
///
/// Two things come from the demo, not the article: `retain(_:)`, which keeps a
/// derived `Dynamic` (`|`, `&`) alive for as long as its parent, and one
/// partner slot for a two-way binding (`<<>>>`), held weakly, whose echo is
/// suppressed.
///
/// Public, with its operators, so that `binding-bench` measures this very
/// class.
public class Dynamic<T> {
    public typealias Listener = (T) -> Void

    private var listeners: [Listener] = []
    private var retainedObjects: [AnyObject] = []
    /// False while a value that came from the partner is being set: the
    /// partner has it already, so sending it back (the echo) is suppressed.
    private var canFireToExternal = true
    /// The two-way partner (`<<>>>`), held weakly as in the demo.
    private weak var externalDynamic: Dynamic<T>?
    /// Where the playground watches the deliveries; nil, it watches nothing.
    var trace: DynamicTrace<T>?

    public init(_ v: T) {
        value = v
    }

    public var value: T {
        didSet {
            // Watched, the same listeners are called, each call traced.
            if let trace {
                trace.deliver(value, to: listeners[...], fromPartner: !canFireToExternal)
            } else {
                for l in listeners { l(value) }
            }
            if canFireToExternal { externalDynamic?.listenerForExternalDynamic(value) }
        }
    }

    /// Adds `l` and calls it at once with the current value.
    public func bind(_ l: @escaping Listener) {
        listeners.append(l)
        // Watched, the call is traced.
        if let trace { trace.deliver(value, to: listeners.suffix(1)) } else { l(value) }
    }

    /// Adds `l`; it hears the next set, not the current value.
    public func addListener(_ l: @escaping Listener) {
        listeners.append(l)
    }

    /// Makes `dyn` the other side of a two-way binding.
    func setExternalDynamic(_ dyn: Dynamic<T>) {
        externalDynamic = dyn
    }

    /// Keeps `object` alive for as long as this `Dynamic`: how a derived
    /// `Dynamic` outlives the expression that made it.
    func retain(_ object: AnyObject) {
        retainedObjects.append(object)
        // Watched, a derived `Dynamic` is watched too.
        trace?.retained(object)
    }

    /// The demo's `listenerForExternalDynamic`: takes the partner's value
    /// without sending it back.
    private func listenerForExternalDynamic(_ v: T) {
        canFireToExternal = false
        value = v
        canFireToExternal = true
    }
}
