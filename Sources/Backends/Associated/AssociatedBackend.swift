// The `associated` backend: the first half of "Affordable MVVM on hacked
// extensions" (Tinkoff, 2020). A view gets its view model through
// `IHaveViewModel`, whose storage a protocol extension "hacks" in with
// associated objects; the view model announces any change through one
// `changed` event (`INotifyOnChanged`), also kept in associated storage, and
// every listening view redraws itself whole. The container of "Adapting an
// existing business solution for iOS, part 3" (2020) is simply a second view
// given the same view model.
//
// Glue/, Orders/ and Movies/ are the article's code; this file is the
// assembly (the app's composition root), and the `+Trace` and `+Probe` files
// beside it are what the playground adds to watch it.
// May import: Domain, BindingKit.
public import BindingKit

/// The associated-objects approach, behind the playground's backend contract.
public struct AssociatedBackend: BindingBackend {
    public init() {}

    public let info = BackendInfo(
        id: "associated",
        summary: "IHaveViewModel + INotifyOnChanged in associated-object storage",
        article: "Tinkoff: Доступный MVVM на хакнутых экстеншенах",
        year: 2020)

    public let traits: [BackendTrait] = [
        .coarseUpdates(
            reason: "one `changed` event per view model: every listening view re-sets all its widgets"
                + " (viewModelChanged), so one renamed row also re-sets the title, the spinner and the whole list")
    ]

    public func makeOrdersScreen(in world: World, navigator: Navigator) -> any Screen {
        // The article's assembly: `viewController.viewModel = viewModel`, here
        // twice, because the container listens to the same view model.
        let viewModel = OrdersVM(ordersProvider: world.useCases.loadOrders)
        let content = OrdersVC(navigator: navigator)
        let container = ContainerView(content: content)
        content.viewModel = viewModel
        container.viewModel = viewModel
        return container
    }

    public func makeMoviesScreen(in world: World, navigator: Navigator) -> any Screen {
        MoviesSearchFlowCoordinator(useCases: world.useCases, navigator: navigator).start()
    }
}
