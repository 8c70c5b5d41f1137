/// The article's `ViewModel`: its events out through `output`, the view's
/// events in through `handle(event:)`, and `start()`, called by
/// `bind(with:)` once the view listens, so that no first event is lost.
///
/// Class-bound (the article's protocol is not, but its `bind(with:)` captures
/// the view model `[weak]`, which needs a class).
protocol ViewModel: AnyObject {
    associatedtype ViewEvent
    associatedtype ViewModelEvent

    var output: Output<ViewModelEvent> { get }

    func handle(event: ViewEvent)
    func start()
}
