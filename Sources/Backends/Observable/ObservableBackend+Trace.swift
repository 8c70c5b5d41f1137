public import BindingKit

// What the playground adds to watch this backend, beside the article's code.
//
// Each of the four `Observable`s carries one hook, `trace`, nil unless the
// playground sets it, which its delivery loop calls just before it calls a
// block (in the main-queue job, for the forms that hop): one hop per block
// called, `name = value` from the view model's class to the observer's, or
// dropped when the observer is gone (its block still runs: the repository
// never prunes). The host hands `decorate(_:in:)` every object of this
// backend before its view is shown; the observables an object stores are
// found with `Mirror` and named after their property (`items = 0`,
// `title = "Orders"`). The rows of the movies list are made inside the turn
// that delivers them, and their cells observe them in that delivery, before
// the host could hand them over: the trace of the list's `items` decorates
// the rows it carries as it delivers them. The census leaves the approach's
// plumbing out (`:alive` counts its views, view models, cells and
// coordinators). The gestures (`didRefresh()` from a pull to refresh) are
// traced by BindingKit's widgets.

extension ObservableBackend {
    public func decorate(_ object: AnyObject, in world: World) {
        traceOutputs(of: object, tracer: world.tracer)
        // The details view reads its view model's plain values in the
        // `viewDidLoad` the host calls next, and nothing else: that read is
        // its one message from the view model.
        if object is MovieDetailsView {
            world.tracer.hop("lines", from: MovieDetailsViewModel.self, to: MovieDetailsView.self)
        }
    }
}

/// Gives each observable stored in `object` its trace, named after its
/// property, from `object`'s class; one traced already keeps its trace.
func traceOutputs(of object: AnyObject, tracer: Tracer) {
    for child in Mirror(reflecting: object).children {
        guard let name = child.label, let output = child.value as? any TracedOutput else { continue }
        output.traceDeliveries(as: name, from: type(of: object), to: tracer)
    }
}

/// An `Observable` of any of the four forms, as the decoration sees it: its hook.
protocol TracedOutput: AnyObject {
    associatedtype Value
    var trace: ObservationTrace<Value>? { get set }
}

extension TracedOutput {
    func traceDeliveries(as name: String, from owner: AnyObject.Type, to tracer: Tracer) {
        guard trace == nil else { return }
        trace = ObservationTrace(name: name, owner: owner, tracer: tracer)
    }
}

extension Observable: TracedOutput {}
extension ArticleObservable: TracedOutput {}
extension MainQueueObservable: TracedOutput {}
extension QueuedNotificationsObservable: TracedOutput {}

/// Where one output's deliveries are traced.
final class ObservationTrace<Value> {
    private let name: String
    private let owner: AnyObject.Type
    private let tracer: Tracer
    /// What the hop shows of the value after the output's name.
    private let describe: (Value) -> String
    /// What a delivery carries that the host has not decorated yet.
    private let decorateCarried: ((Value) -> Void)?
    /// Whom the article's form's one closure belongs to (its class keeps a
    /// bare closure; the repository's API the playground puts on it tells):
    /// weakly, as the repository's entries hold their observers.
    weak var observer: AnyObject?

    init(name: String, owner: AnyObject.Type, tracer: Tracer) {
        self.name = name
        self.owner = owner
        self.tracer = tracer
        self.describe = Self.describer(for: name, of: owner)
        self.decorateCarried =
            Value.self == [MoviesListItemViewModel].self
            ? { value in
                for row in value as? [MoviesListItemViewModel] ?? [] { traceOutputs(of: row, tracer: tracer) }
            } : nil
    }

    /// Records the delivery of `value` to `observer`'s block: dropped when
    /// the observer is gone.
    func delivered(_ value: Value, to observer: AnyObject?) {
        decorateCarried?(value)
        // Described only when the tracer records (the message is an autoclosure).
        tracer.hop(message(value), from: owner, to: observer.map { type(of: $0) })
    }

    private func message(_ value: Value) -> String {
        let detail = describe(value)
        return detail.isEmpty ? name : "\(name) = \(detail)"
    }

    /// Records the delivery of `value` to the article's form's one closure.
    func delivered(_ value: Value) {
        delivered(value, to: observer)
    }

    /// What the trace shows of a value, by its type: a string quoted, a
    /// list's count, a flag as it is, a loading as its case, a poster as
    /// loaded or nil; the order details' long text by its name alone.
    private static func describer(for name: String, of owner: AnyObject.Type) -> (Value) -> String {
        if Value.self == String.self {
            return owner == OrderDetailsViewModel.self && name == "details" ? { _ in "" } : { "\"\($0)\"" }
        }
        if Value.self == String?.self {
            return { Mirror(reflecting: $0).children.isEmpty ? "nil" : "loaded" }
        }
        if Value.self == MoviesListViewModelLoading?.self {
            return { Mirror(reflecting: $0).children.first.map { ".\($0.value)" } ?? "nil" }
        }
        if Value.self == Bool.self {
            return { "\($0)" }
        }
        return { value in (value as? any Collection).map { "\($0.count)" } ?? "" }
    }
}

// The approach's plumbing, which `:alive` does not list.
extension Observable: CensusExempt {}
extension ArticleObservable: CensusExempt {}
extension MainQueueObservable: CensusExempt {}
extension QueuedNotificationsObservable: CensusExempt {}
extension InlineQueue: CensusExempt {}
extension ObservationTrace: CensusExempt {}
