// The `associated` backend: seed 001's first half (Tinkoff, 2020). A view
// gets its view model through `IHaveViewModel`, whose storage a protocol
// extension "hacks" in with associated objects; the view model announces any
// change through one `changed` event (`INotifyOnChanged`), also kept in
// associated storage, and every listening view redraws itself whole. Seed
// 002's container is simply a second view given the same view model.
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
        // twice, because seed 002's container listens to the same view model.
        let viewModel = OrdersVM(world: world)
        let content = OrdersVC(world: world, navigator: navigator)
        let container = ContainerView(content: content, world: world)
        content.viewModel = viewModel
        container.viewModel = viewModel
        return container
    }

    public func makeMoviesScreen(in world: World, navigator: Navigator) -> any Screen {
        MoviesSearchFlowCoordinator(world: world, navigator: navigator).start()
    }
}
