// The `output` backend: seed 000's third step. A view model sends its events
// through an `Output<Event>`, a list of handlers; a view sends its own the
// same way. `bind(with:)` appends one handler each way — the view model's
// delivered a main-queue turn later — keeps the view model on the view as an
// associated object, calls `setupBindings()` and then `start()`. Seed 002's
// container is one more bound view: both it and the content append a
// handler to the same `Output`.
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
            reason: "bind(with:) wraps every view model event in DispatchQueue.main.async (here the virtual main "
                + "queue), as the article does, so a view hears of a change one turn after it happened")
    ]

    /// The article's three-line assembly, with the container (seed 002) as
    /// the view that is bound: it hands the view model down to its content.
    public func makeOrdersScreen(in world: World, navigator: Navigator) -> any Screen {
        let viewModel = OrdersViewModel(world: world)
        let view = ContainerView(content: OrdersContentView(world: world, navigator: navigator), world: world)
        view.bind(with: viewModel)
        return view
    }

    public func makeMoviesScreen(in world: World, navigator: Navigator) -> any Screen {
        MoviesSearchFlowCoordinator(world: world, navigator: navigator).start()
    }
}
