/// What the article's `View` inherits. The article does not show it; here it
/// is the one thing `bind(with:)` needs from a view besides the article's
/// requirements: an object to hang the view model on
/// (`AssociatedObjectsHost`, the stand-in for `NSObject`).
protocol ViewModelContainer: AssociatedObjectsHost {}

/// The article's `View`: its events out through `output`, the view model's
/// events in through `handle(event:)`, and `setupBindings()`, where a view
/// hands its view model down to its subviews.
protocol View: ViewModelContainer {
    associatedtype ViewModelEvent
    associatedtype ViewEvent

    var output: Output<ViewEvent> { get }

    func setupBindings()
    func handle(event: ViewModelEvent)
}

extension View {
    /// Nothing to hand down: the default, as the article suggests.
    func setupBindings() {}
}
