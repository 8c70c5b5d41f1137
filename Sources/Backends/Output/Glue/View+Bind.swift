import BindingKit

// The article's `bind(with:)`, in its final form: wraps the view model in
// `AnyViewModel`, appends a handler to each side's `Output` (the view model's
// delivered with `RunLoop.main.perform(inModes: [.default])`, or
// `DispatchQueue.main.async` before iOS 10), keeps the view model on the view
// without a declared property, then `setupBindings()` and `start()`.

/// The associated-object key of the view model (the article's
/// `ViewModelSavingHandle`).
private let viewModelSavingHandle = AssociationKey<Any>("ViewModelSavingHandle")

extension View {
    /// Binds this view to `vm` both ways, then starts it.
    ///
    /// The view model's events reach `handle(event:)` on a later turn of the
    /// main run loop; the view's events reach the view model at once. Both
    /// handlers capture the other side weakly; neither is ever removed.
    func bind<ViewModelType: ViewModel>(with vm: ViewModelType?)
    where ViewModelType.ViewModelEvent == ViewModelEvent, ViewModelType.ViewEvent == ViewEvent {
        guard let vm = AnyViewModel(with: vm) else { return }
        vm.output.handlers.append({ [weak self] event in
            if #available(iOS 10.0, *) {
                RunLoop.main.perform(
                    inModes: [.default],
                    block: {
                        self?.handle(event: event)
                    })
            } else {
                DispatchQueue.main.async {
                    self?.handle(event: event)
                }
            }
        })
        output.handlers.append({ [weak vm] event in
            vm?.handle(event: event)
        })
        p_viewModelSaving = vm
        setupBindings()
        vm.start()
    }

    private var p_viewModelSaving: Any? {
        get { getAssociatedObject(self, viewModelSavingHandle) }
        set { setAssociatedObject(self, viewModelSavingHandle, newValue, .retain) }
    }

    /// The view model `bind(with:)` kept on this view; nil before binding.
    var viewModel: AnyViewModel<ViewModelEvent, ViewEvent>? {
        p_viewModelSaving as? AnyViewModel<ViewModelEvent, ViewEvent>
    }
}
