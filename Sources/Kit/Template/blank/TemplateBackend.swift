// The `template` backend: an attendee's own, written task by task in
// `bindlab kit` (Docs/workshop.md, "The kit"), from nothing: how the view
// models tell their views and the container is yours to choose — a delegate,
// closures, an `Observable`, an enum of events — and the matrix says what
// your choice costs once each task passes. (Movies/ starts from the delegate
// template's protocols, which you may replace.)
//
// Glue/, Orders/ and Movies/ are your approach's code, to write where a
// `// TASK n:` comment says so; this file is the assembly (the app's
// composition root), and the `+Trace` and `+Probe` files beside it are what
// the playground adds to watch it: fill in what they ask once you know your
// binding.
// May import: Domain, BindingKit.
public import BindingKit

/// Your backend, behind the playground's backend contract.
public struct TemplateBackend: KitBackend {
    public init() {}

    public let info = BackendInfo(
        id: "template", summary: "your own binding, from a blank page", article: "your own", year: 2025)

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
        // TASK 1: the container (spinner and alert) listens to the same view
        // model as the content: connect them your way.
        return ContainerView(content: content)
    }

    public func makeMoviesScreen(in world: World, navigator: Navigator) -> any Screen {
        MoviesSearchFlowCoordinator(useCases: world.useCases, navigator: navigator).start()
    }
}
