import BindingKit

/// Seed 003's `Dynamic<T>`: a value whose every set calls every listener.
///
/// `bind(_:)` adds a listener and calls it at once with the current value;
/// `addListener(_:)` only adds it. Listeners are held strongly and there is
/// no way to remove one, as in the article and the author's demo
/// (nayzak/Swift-MVVM): a listener lives as long as its `Dynamic`, so what it
/// captures strongly lives that long too. Every set notifies, equal values
/// included.
///
/// Two things come from the demo, not the article: `retain(_:)`, which keeps a
/// derived `Dynamic` (`|`, `&`) alive for as long as its parent, and one
/// partner slot for a two-way binding (`<<>>>`), held weakly, whose echo is
/// suppressed.
///
/// Two things are the playground's: a `Dynamic` can be `traced(_:by:in:)`,
/// so that each delivery shows as a hop, and a listener added by the glue
/// may carry a name for that trace (a `PropertyModifier`'s widget and
/// property, the list helper). Untraced, a set costs what the article's does.
///
/// Public, with its operators, so that `binding-bench` measures this very
/// class.
public class Dynamic<T> {
    public typealias Listener = (T) -> Void

    private var listeners: [Listener] = []
    /// For the trace only: each listener's receiver — nil for a bare
    /// closure, `derived` for a `|` or `&` child (whose own
    /// deliveries are traced instead).
    private var listenerNames: [String?] = []
    private var retainedObjects: [AnyObject] = []
    /// The two-way partner (`<<>>>`), held weakly as in the demo.
    private weak var externalDynamic: Dynamic<T>?
    /// False while a value that came from the partner is being set: the
    /// partner already has it, so sending it back (the echo) is suppressed.
    private var canFireToExternal = true
    /// Set by `traced(_:by:in:)`, or inherited by a derived `Dynamic`.
    var tracing: Tracing?

    public init(_ v: T) {
        value = v
    }

    public var value: T {
        didSet {
            if let tracing {
                notifyTraced(tracing)
            } else {
                let v = value
                for l in listeners { l(v) }
            }
            if canFireToExternal {
                externalDynamic?.setFromExternal(value, sender: self)
            } else if let tracing {
                tracing.tracer.hop("echo suppressed", from: tracing.name, to: externalDynamic?.tracing?.name)
            }
        }
    }

    /// Adds `l` and calls it at once with the current value.
    public func bind(_ l: @escaping Listener) {
        bind(l, name: nil)
    }

    /// Adds `l`; it hears the next set, not the current value.
    public func addListener(_ l: @escaping Listener) {
        addListener(l, name: nil)
    }

    /// Keeps `object` alive for as long as this `Dynamic` (the demo's
    /// `retain(_:)`, how a derived `Dynamic` outlives the expression).
    public func retain(_ object: AnyObject) {
        retainedObjects.append(object)
    }

    /// How many listeners were ever added: none is ever removed.
    public var listenerCount: Int { listeners.count }

    // MARK: The glue's

    func bind(_ l: @escaping Listener, name: String?) {
        addListener(l, name: name)
        if let tracing, name != Self.derived {
            let message = "\(tracing.property) = \(tracing.describe(value))"
            tracing.tracer.hop(message, from: tracing.owner, to: name ?? "listener")
        }
        l(value)
    }

    func addListener(_ l: @escaping Listener, name: String?) {
        listeners.append(l)
        listenerNames.append(name)
    }

    /// Makes `partner` the other side of a two-way binding.
    func setExternalDynamic(_ partner: Dynamic<T>) {
        externalDynamic = partner
    }

    /// Traces every delivery from now on as a hop from `owner` (the view
    /// model or widget that holds this `Dynamic`), naming it `property`.
    @discardableResult
    func traced(
        _ property: String, by owner: String, in tracer: Tracer, describe: @escaping (T) -> String = { "\($0)" }
    ) -> Self {
        tracing = Tracing(tracer: tracer, owner: owner, property: property, describe: describe)
        return self
    }

    /// `traced(_:by:in:)` with a type as the owner.
    @discardableResult
    func traced(
        _ property: String, by owner: Any.Type, in world: World, describe: @escaping (T) -> String = { "\($0)" }
    ) -> Self {
        traced(property, by: "\(owner)", in: world.tracer, describe: describe)
    }

    // MARK: Private

    /// The demo's `listenerForExternalDynamic`: takes the partner's value
    /// without sending it back.
    private func setFromExternal(_ v: T, sender: Dynamic<T>) {
        if let tracing, let from = sender.tracing {
            from.tracer.hop("<<>>> \(tracing.property) = \(tracing.describe(v))", from: from.name, to: tracing.name)
        }
        canFireToExternal = false
        value = v
        canFireToExternal = true
    }

    private func notifyTraced(_ tracing: Tracing) {
        let message = "\(tracing.property) = \(tracing.describe(value))"
        for (l, name) in zip(listeners, listenerNames) {
            if name != Self.derived {
                tracing.tracer.hop(message, from: tracing.owner, to: name ?? "listener")
            }
            l(value)
        }
    }

    /// The listener name of a derived `Dynamic`'s feed, which is not traced.
    static var derived: String { "derived" }

    /// The tracing a `Dynamic` derived from this one by `operation` inherits:
    /// the same owner, the property named after the derivation.
    func derivedTracing<U>(_ operation: String) -> Dynamic<U>.Tracing? {
        tracing.map {
            Dynamic<U>.Tracing(tracer: $0.tracer, owner: $0.owner, property: "\($0.property) \(operation)") { "\($0)" }
        }
    }

    struct Tracing {
        let tracer: Tracer
        let owner: String
        let property: String
        let describe: (T) -> String

        /// `owner.property`, how a two-way hop names either side.
        var name: String { "\(owner).\(property)" }
    }
}
