// The `delegate` backend: the first step of "One style of View–ViewModel
// interaction" (QIWI, 2019). The view calls its view model's methods
// directly; the view model answers through a weak delegate, one method per
// change. The container of "Adapting an existing business solution for iOS,
// part 3" (2020) is reached through a second delegate (`listener:
// IContainer`), because only one delegate can listen.
//
// Glue/, Orders/ and Movies/ are the article's code; this file is the
// assembly (the app's composition root), and the `+Trace` and `+Probe` files
// beside it are what the playground adds to watch it.
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
        let viewModel = OrdersViewModel(loadOrders: world.useCases.loadOrders)
        let content = OrdersContentView(viewModel: viewModel, navigator: navigator)
        let container = ContainerView(content: content)
        viewModel.listener = container
        return container
    }

    public func makeMoviesScreen(in world: World, navigator: Navigator) -> any Screen {
        MoviesSearchFlowCoordinator(useCases: world.useCases, navigator: navigator).start()
    }
}
