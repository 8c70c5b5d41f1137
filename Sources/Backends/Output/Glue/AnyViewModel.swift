import BindingKit

/// Seed 000's type eraser: a protocol with associated types cannot be the
/// type of a stored value, so a view keeps its view model as an
/// `AnyViewModel` of its two event types.
///
/// `start()` runs the wrapped view model's `start()` once only. `bind(with:)`
/// wraps afresh each time, so the guard protects one wrapper; a view that
/// hands its view model down (`setupBindings()`) hands down this wrapper,
/// which is what keeps a container and its content from starting the view
/// model twice.
final class AnyViewModel<ViewModelEvent, ViewEvent>: ViewModel {
    var output: Output<ViewModelEvent>
    let startClosure: () -> Void
    let handleClosure: (ViewEvent) -> Void
    let vm: Any?
    /// The type under the wrappers, for the trace (the playground's addition).
    let wrappedType: Any.Type
    private var isStarted = false

    init?<ViewModelType: ViewModel>(with vm: ViewModelType?, world: World)
    where ViewModelType.ViewModelEvent == ViewModelEvent, ViewModelType.ViewEvent == ViewEvent {
        guard let vm else { return nil }
        self.output = vm.output
        self.vm = vm
        self.startClosure = { [weak vm] in vm?.start() }
        self.handleClosure = { [weak vm] in vm?.handle(event: $0) }
        self.wrappedType = (vm as? AnyViewModel)?.wrappedType ?? ViewModelType.self
    }

    /// Whether `start()` has reached the view model, through this wrapper or
    /// one it wraps (for the trace).
    var hasStarted: Bool { isStarted || (vm as? AnyViewModel)?.hasStarted == true }

    func start() {
        if !isStarted {
            isStarted = true
            startClosure()
        }
    }

    func handle(event: ViewEvent) {
        handleClosure(event)
    }
}
