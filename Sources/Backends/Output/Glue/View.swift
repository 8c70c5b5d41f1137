import BindingKit

/// What the article's `View` inherits. The article does not show it; here it
/// is what `bind(with:)` needs from a view besides the article's requirements:
/// an object to hang the view model on (`AssociatedObjectsHost`, the
/// stand-in for `NSObject`), and the world the view lives in — its main
/// queue stands in for `DispatchQueue.main` (each lane of the playground has
/// its own), its tracer records each delivery.
protocol ViewModelContainer: AssociatedObjectsHost {
    var world: World { get }
}

/// Seed 000's `View`: its events out through `output`, the view model's
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
