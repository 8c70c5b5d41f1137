// The `output` backend: the third step of "One style of View–ViewModel
// interaction" (QIWI, 2019). A view model sends its events through an
// `Output<Event>`, a list of handlers; a view sends its own the same way.
// `bind(with:)` appends one handler each way — the view model's delivered on
// a later turn of the main run loop (`RunLoop.main.perform(inModes:
// [.default])`) — keeps the view model on the view as an associated
// object, calls `setupBindings()` and then `start()`. The container of
// "Adapting an existing business solution for iOS, part 3" (2020) is one
// more bound view: both it and the content append a handler to the same
// `Output`.
//
// Glue/, Orders/ and Movies/ are the article's code; this file is the
// assembly (the app's composition root), and the `+Trace` and `+Probe` files
// beside it are what the playground adds to watch it.
// May import: Domain, BindingKit.
public import BindingKit

/// The output approach, behind the playground's backend contract.
public struct OutputBackend: BindingBackend {
    public init() {}

    public let info = BackendInfo(
        id: "output",
        summary: "Output<Event> handler lists, bind(with:), AnyViewModel",
        article: "QIWI: Как мы в QIWI пришли к единому стилю взаимодействия между View и ViewModel",
        year: 2019)

    public let traits: [BackendTrait] = [
        .deliversOnLaterTurn(
            reason: "bind(with:) wraps every view model event in RunLoop.main.perform(inModes: [.default]), as the "
                + "article's final form does (here a turn of the virtual main queue), so a view hears of a change "
                + "one turn after it happened")
    ]

    /// The article's three-line assembly, with the container as the view
    /// that is bound: it hands the view model down to its content.
    public func makeOrdersScreen(in world: World, navigator: Navigator) -> any Screen {
        let viewModel = OrdersViewModel(loadOrders: world.useCases.loadOrders)
        let view = ContainerView(content: OrdersContentView(navigator: navigator))
        view.bind(with: viewModel)
        return view
    }

    public func makeMoviesScreen(in world: World, navigator: Navigator) -> any Screen {
        MoviesSearchFlowCoordinator(useCases: world.useCases, navigator: navigator).start()
    }
}
