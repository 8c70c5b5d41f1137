import BindingKit

// The article's first `bind(with:)`, the step before `AnyViewModel`: one
// handler each way, the view model's in `DispatchQueue.main.async`, then
// `setupBindings()` and `start()`. It keeps nothing: the view holds a
// concrete reference to its view model itself ("конкретную ссылку на
// ViewModel"), which is what the type eraser of the next step is for.
//
// The article calls it `bind(with:)` too; one module cannot declare both
// forms on `View`, so this one is `bind(unerased:)`.

extension View {
    /// Binds this view to `vm` both ways, then starts it.
    ///
    /// Nothing guards `start()`: a view whose `setupBindings()` binds a
    /// subview to the same view model starts it twice, once in each bind.
    func bind<ViewModelType: ViewModel>(unerased vm: ViewModelType?)
    where ViewModelType.ViewModelEvent == ViewModelEvent, ViewModelType.ViewEvent == ViewEvent {
        guard let vm = vm else { return }
        vm.output.handlers.append({ [weak self] event in
            DispatchQueue.main.async {
                self?.handle(event: event)
            }
        })
        output.handlers.append({ [weak vm] event in
            vm?.handle(event: event)
        })
        setupBindings()
        vm.start()
    }
}
