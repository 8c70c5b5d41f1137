import BindingKit

// The orders screens at the article's steps before `AnyViewModel`: each
// view keeps its view model itself, and the list binds the details the
// step's way (see `BeforeAnyViewModel`).

extension BeforeAnyViewModel {
    /// The orders list, binding the details it opens as its step does.
    final class OrdersContentView: FinalOrdersContentView {
        private let step: Step

        init(navigator: Navigator, step: Step) {
            self.step = step
            super.init(navigator: navigator)
        }

        override func handle(event: OrdersViewModel.ViewModelEvent) {
            guard case .showDetails(let details) = event else { return super.handle(event: event) }
            let view = OrderDetailsView()
            view.concreteViewModel = details
            switch step {
            case .manual:
                details.output.handlers.append({ [weak view] event in
                    DispatchQueue.main.async {
                        view?.handle(event: event)
                    }
                })
                view.output.handlers.append({ [weak details] event in
                    details?.handle(event: event)
                })
                details.start()
            case .unerasedBind:
                view.bind(unerased: details)
            }
            navigator?.push(view)
        }
    }

    /// The details, keeping a concrete reference to their view model.
    final class OrderDetailsView: FinalOrderDetailsView {
        var concreteViewModel: OrderDetailsViewModel?
    }
}
