// The `event-enum` backend: seed 000's second step. The delegate's methods
// fold into one enum each way: the view sends `ViewEvent`s to the view
// model's `handle(event:)`, the view model sends `ViewModelEvent`s to its
// one weak listener's `handle(event:)`, each side a single `switch`. Still
// one listener, so seed 002's container is reached through the content view,
// which forwards the loading and error events to it.
// May import: Domain, BindingKit.
public import BindingKit

/// The event-enum approach, behind the playground's backend contract.
public struct EventEnumBackend: BindingBackend {
    public init() {}

    public let info = BackendInfo(
        id: "event-enum",
        summary: "one enum each way, one handle(event:)",
        article: "QIWI: Как мы в QIWI пришли к единому стилю взаимодействия между View и ViewModel",
        year: 2019)

    public func makeOrdersScreen(in world: World, navigator: Navigator) -> any Screen {
        let viewModel = OrdersViewModel(world: world)
        let content = OrdersContentView(viewModel: viewModel, world: world, navigator: navigator)
        let container = ContainerView(content: content, world: world)
        content.container = container
        return container
    }

    public func makeMoviesScreen(in world: World, navigator: Navigator) -> any Screen {
        MoviesSearchFlowCoordinator(world: world, navigator: navigator).start()
    }
}
