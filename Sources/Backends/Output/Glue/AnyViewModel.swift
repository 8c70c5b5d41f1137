/// The article's type eraser: a protocol with associated types cannot be the
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
    let startClosure: EmptyClosure
    let handleClosure: (ViewEvent) -> Void
    let vm: Any?
    private var isStarted = false

    init?<ViewModelType: ViewModel>(with vm: ViewModelType?)
    where ViewModelType.ViewModelEvent == ViewModelEvent, ViewModelType.ViewEvent == ViewEvent {
        guard let vm = vm else { return nil }
        self.output = vm.output
        self.vm = vm
        self.startClosure = { [weak vm] in vm?.start() }
        self.handleClosure = { [weak vm] in vm?.handle(event: $0) }
    }

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

/// The article's closure with nothing in and nothing out.
typealias EmptyClosure = () -> Void
