// The `template` backend: an attendee's own, written task by task in
// `bindlab kit` (Docs/workshop.md, "The kit") from the first step of "One
// style of View–ViewModel interaction" (QIWI, 2019). The view calls its view
// model's methods directly; the view model answers through a weak delegate,
// one method per change. The container of "Adapting an existing business
// solution for iOS, part 3" (2020) is reached through a second delegate
// (`listener: IContainer`), because only one delegate can listen.
//
// Glue/, Orders/ and Movies/ are the approach's code, yours to write where a
// `// TASK n:` comment says so; this file is the assembly (the app's
// composition root), and the `+Trace` and `+Probe` files beside it are what
// the playground adds to watch it: you need not touch them.
// May import: Domain, BindingKit.
public import BindingKit

/// Your backend, behind the playground's backend contract.
public struct TemplateBackend: KitBackend {
    public init() {}

    public let info = BackendInfo(
        id: "template",
        summary: "your own: weak delegate, one method per change",
        article: "QIWI: Как мы в QIWI пришли к единому стилю взаимодействия между View и ViewModel",
        year: 2019)

    // TASK 6: a view that starts listening late (a second screen on the same
    // view model, a reused cell): does it get the current rows at once, a turn
    // later, or only once it loads again? Choose, make your view model do it,
    // and declare it here (`ReplayPolicy`): the `replay` experiment checks
    // what you declare against what your backend does.
    public let replay: ReplayPolicy? = nil

    // TASK 7: once your view model tells its views a main-queue turn later,
    // say so here (`BackendTrait.deliversOnLaterTurn(reason:)`): the
    // conformance suite checks a declared difference instead of skipping it.
    public var traits: [BackendTrait] { [] }

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
