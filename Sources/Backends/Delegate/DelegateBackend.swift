// The `delegate` backend: seed 000's first step. The view calls its view
// model's methods directly; the view model answers through a weak delegate,
// one method per change. Seed 002's container is reached through a second
// delegate (`listener: IContainer`), because only one delegate can listen.
// May import: Domain, BindingKit.
public import BindingKit

/// The delegate approach, behind the playground's backend contract.
public struct DelegateBackend: BindingBackend {
    public init() {}

    public let info = BackendInfo(
        id: "delegate",
        summary: "weak delegate, one method per change",
        article: "QIWI: Как мы в QIWI пришли к единому стилю взаимодействия между View и ViewModel",
        year: 2019)

    public func makeOrdersScreen(in world: World, navigator: Navigator) -> any Screen {
        let viewModel = OrdersViewModel(world: world)
        let content = OrdersContentView(viewModel: viewModel, world: world, navigator: navigator)
        let container = ContainerView(content: content, world: world)
        viewModel.listener = container
        return container
    }

    public func makeMoviesScreen(in world: World, navigator: Navigator) -> any Screen {
        MoviesSearchFlowCoordinator(world: world, navigator: navigator).start()
    }
}
