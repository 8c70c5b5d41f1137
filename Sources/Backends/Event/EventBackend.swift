// The `event` backend: the second half of "Affordable MVVM on hacked
// extensions" (Tinkoff, 2020). The article's own `Weak<T>` and
// `Event<Args>` (handlers in a dictionary keyed by the subscriber's
// identity) and its `@Observable` property wrapper, whose projection
// `$property` is an event: a view subscribes to the properties it draws,
// and each set reaches their subscribers, in the dictionary's order. The
// container of "Adapting an existing business solution for iOS, part 3"
// (2020) subscribes to the loading and error properties itself.
//
// Glue/, Orders/ and Movies/ are the article's code; this file is the
// assembly (the app's composition root), and the `+Trace` and `+Probe` files
// beside it are what the playground adds to watch it.
// May import: Domain, BindingKit.
public import BindingKit

/// The `Event<Args>` + `@Observable` approach, behind the playground's backend contract.
public struct EventBackend: BindingBackend {
    public init() {}

    public let info = BackendInfo(
        id: "event",
        summary: "Event<Args> handler dictionary, @Observable $property.subscribe(self)",
        article: "Tinkoff: Доступный MVVM на хакнутых экстеншенах",
        year: 2020)

    public let traits: [BackendTrait] = [
        .deliversInNoDefinedOrder(
            reason: "an event keeps its handlers in a dictionary keyed by the subscriber: two views of one"
                + " property (the movies list and the container, on `$loading`) hear it in hash order,"
                + " not subscription order, and not the same order from run to run")
    ]

    public func makeOrdersScreen(in world: World, navigator: Navigator) -> any Screen {
        let viewModel = OrdersVM(ordersProvider: world.useCases.loadOrders)
        let content = OrdersVC(viewModel: viewModel, navigator: navigator)
        let container = ContainerView(content: content)
        container.subscribe(loading: viewModel.$isLoading, showsSpinner: { $0 }, error: viewModel.$error)
        return container
    }

    public func makeMoviesScreen(in world: World, navigator: Navigator) -> any Screen {
        MoviesSearchFlowCoordinator(useCases: world.useCases, navigator: navigator).start()
    }
}
