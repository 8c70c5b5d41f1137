import BindingKit

// The article's `bind(with:)`, in its final form but for the main-queue hop,
// which is its first form's `DispatchQueue.main.async`: wraps the view model
// in `AnyViewModel`, appends a handler to each side's `Output`, keeps the view
// model on the view without a declared property, then `setupBindings()` and
// `start()`.

/// The associated-object key of the view model (the article's
/// `ViewModelSavingHandle`).
private let viewModelSavingHandle = AssociationKey<Any>("ViewModelSavingHandle")

extension View {
    /// Binds this view to `vm` both ways, then starts it.
    ///
    /// The view model's events reach `handle(event:)` one main-queue turn
    /// later; the view's events reach the view model at once. Both handlers
    /// capture the other side weakly; neither is ever removed.
    func bind<ViewModelType: ViewModel>(with vm: ViewModelType?)
    where ViewModelType.ViewModelEvent == ViewModelEvent, ViewModelType.ViewEvent == ViewEvent {
        guard let vm = AnyViewModel(with: vm) else { return }
        vm.output.handlers.append({ [weak self] event in
            DispatchQueue.main.async {
                self?.handle(event: event)
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
