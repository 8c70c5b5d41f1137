import BindingKit

/// A view model's output as its views use it: `value`, `observe(on:)` and
/// `remove(observer:)` — the repository's API, which every form answers, so
/// that one set of view models and views runs on any of them.
///
/// The playground's addition: seed 004 has one class, not a protocol. The
/// view models declare `any ObservableProperty<…>` where the repository
/// writes `Observable<…>`, and their backend picks the form.
protocol ObservableProperty<Value>: AnyObject {
    associatedtype Value
    var value: Value { get set }
    func observe(on observer: AnyObject, observerBlock: @escaping (Value) -> Void)
    func remove(observer: AnyObject)
    /// How many blocks it keeps, dead observers' included (the experiments
    /// count them).
    var entryCount: Int { get }
}

extension Observable: ObservableProperty {}

/// The article's form under the repository's API. The article's own example
/// view controller calls `viewModel.items.observe(on: self) { … }` on this
/// class, which has only `observe(_:)`: this is that call made to compile —
/// the observer is ignored and the closure replaces the one before.
extension ArticleObservable: ObservableProperty {
    func observe(on observer: AnyObject, observerBlock: @escaping (Value) -> Void) {
        willBeObserved(by: observer)
        observe(observerBlock)
    }

    /// The article's class has no removal: nothing happens. Whoever observed
    /// last stays observing until someone else observes.
    func remove(observer: AnyObject) {}

    var entryCount: Int { closure == nil ? 0 : 1 }
}

/// Which `Observable` a backend's view models are made of.
enum ObservableForm: Sendable {
    /// The repository's `Observable`: many observers, `remove(observer:)`.
    case repository
    /// The article's `Observable`: one closure, the last observer wins.
    case article
    /// The repository's older `Observable`: replay and notifications hopped
    /// through the main queue.
    case mainQueue

    /// The main queue the view models hop through: the lane's, unless their
    /// observables hop themselves (then an inline one, or every delivery
    /// would hop twice).
    func viewModelQueue(in world: World) -> any DispatchQueueType {
        self == .mainQueue ? InlineQueue() : world.mainQueue
    }

    /// A new output holding `value`, its deliveries traced as `name` from
    /// `owner`.
    ///
    /// - Parameter describe: what the trace shows of a value (nothing by default).
    func make<Value>(
        _ value: Value, _ name: String, of owner: Any.Type, in world: World,
        describe: @escaping (Value) -> String = { _ in "" }
    ) -> any ObservableProperty<Value> {
        let trace = ObservationTrace(
            name: name, owner: owner, tracer: world.tracer, describe: describe)
        switch self {
        case .repository:
            let observable = Observable(value)
            observable.trace = trace
            return observable
        case .article:
            let observable = ArticleObservable(value)
            observable.trace = trace
            return observable
        case .mainQueue:
            let observable = MainQueueObservable(value, mainQueue: world.mainQueue)
            observable.trace = trace
            return observable
        }
    }
}

/// How an output's deliveries reach the trace: one hop per block called,
/// `dropped` when the block's observer is gone (the block still runs).
@usableFromInline
struct ObservationTrace<Value> {
    let name: String
    let owner: Any.Type
    let tracer: Tracer
    let describe: (Value) -> String

    @usableFromInline
    func delivered(_ value: Value, to observer: AnyObject?) {
        let detail = describe(value)
        tracer.hop(
            detail.isEmpty ? name : "\(name) = \(detail)", from: owner, to: observer.map { type(of: $0) })
    }
}

/// Seed 004's `DispatchQueueType`, which its view models are given and its
/// tests replace: here BindingKit's virtual main queue (`world.mainQueue`).
typealias DispatchQueueType = MainQueue
