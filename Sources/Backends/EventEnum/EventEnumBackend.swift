// The `event-enum` backend: the second step of "One style of View–ViewModel
// interaction" (QIWI, 2019). The delegate's methods fold into one enum each
// way: the view sends `ViewEvent`s to the view model's `handle(event:)`, the
// view model sends `ViewModelEvent`s to its one weak listener's
// `handle(event:)`, each side a single `switch`. Still one listener, so the
// container of "Adapting an existing business solution for iOS, part 3"
// (2020) is reached through the content view, which passes the loading and
// error events on to it.
//
// Glue/, Orders/ and Movies/ are the article's code; this file is the
// assembly (the app's composition root), and the `+Trace` and `+Probe` files
// beside it are what the playground adds to watch it.
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
        let viewModel = OrdersViewModel(loadOrders: world.useCases.loadOrders)
        let content = OrdersContentView(viewModel: viewModel, navigator: navigator)
        let container = ContainerView(content: content)
        content.container = container
        return container
    }

    public func makeMoviesScreen(in world: World, navigator: Navigator) -> any Screen {
        MoviesSearchFlowCoordinator(useCases: world.useCases, navigator: navigator).start()
    }
}
