import BindingKit

/// A view model's output as its views use it: `value`, `observe(on:)` and
/// `remove(observer:)` — the repository's API, which every form answers, so
/// that one set of view models and views runs on any of them.
///
/// The playground's addition: the article has one class, not a protocol. The
/// view models declare `any ObservableProperty<…>` where the repository
/// writes `Observable<…>`, and their backend picks the form.
protocol ObservableProperty<Value>: AnyObject {
    associatedtype Value
    var value: Value { get set }
    func observe(on observer: AnyObject, observerBlock: @escaping (Value) -> Void)
    func remove(observer: AnyObject)
}

extension Observable: ObservableProperty {}

extension MainQueueObservable: ObservableProperty {}

extension QueuedNotificationsObservable: ObservableProperty {}

/// The article's form under the repository's API. The article's own example
/// view controller calls `viewModel.items.observe(on: self) { … }` on this
/// class, which has only `observe(_:)`: this is that call made to compile —
/// the closure replaces the one before.
extension ArticleObservable: ObservableProperty {
    func observe(on observer: AnyObject, observerBlock: @escaping (Value) -> Void) {
        // Whom the one closure now belongs to, for the trace only: the
        // article's class keeps no observer.
        trace?.observer = observer
        observe(observerBlock)
    }

    /// The article's class has no removal: nothing happens. Whoever observed
    /// last stays observing until someone else observes.
    func remove(observer: AnyObject) {}
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
    /// The repository's `Observable` of 2020 to 2023: the replay at once,
    /// the notifications hopped through the main queue.
    case queuedNotifications

    /// A new output holding `value`.
    func make<Value>(_ value: Value) -> any ObservableProperty<Value> {
        switch self {
        case .repository: Observable(value)
        case .article: ArticleObservable(value)
        case .mainQueue: MainQueueObservable(value)
        case .queuedNotifications: QueuedNotificationsObservable(value)
        }
    }

    /// The main queue the view models hop through: `DispatchQueue.main`,
    /// unless their observables hop themselves (then an inline one, or
    /// every delivery would hop twice).
    var viewModelQueue: any DispatchQueueType {
        switch self {
        case .repository, .article: DispatchQueue.main
        case .mainQueue, .queuedNotifications: InlineQueue()
        }
    }
}

/// The repository's `DispatchQueueType`, which its view models are given and
/// its tests replace: here BindingKit's main queue (`DispatchQueue.main` is
/// the running world's virtual one).
typealias DispatchQueueType = MainQueue
