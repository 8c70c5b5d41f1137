// The `observation` backend: Swift's own Observation framework (2023), the
// successor of the `ObservableObject` / `@Published` / `@ObservedObject`
// model of "Adapting an existing business solution for iOS, part 3" (2020).
// View models are `@Observable` classes; each view renders inside
// `withObservationTracking` and is rendered again, a main-queue turn later,
// when a property it read changes. That article's container is one more
// rendering view of the same view model.
//
// Glue/, Orders/ and Movies/ are the approach's code; this file is the
// assembly (the app's composition root), and the `+Trace` and `+Probe` files
// beside it are what the playground adds to watch it.
// May import: Domain, BindingKit, Observation.
public import BindingKit

/// The Observation approach, behind the playground's backend contract.
public struct ObservationBackend: BindingBackend {
    public init() {}

    public let info = BackendInfo(
        id: "observation",
        summary: "@Observable view models, views rendered in withObservationTracking",
        article:
            "beyond the articles: Swift's Observation framework, successor of the container article's ObservableObject",
        year: 2023)

    public let traits: [BackendTrait] = [
        .deliversOnLaterTurn(
            reason: "withObservationTracking's onChange fires in the property's willSet, before the new value is "
                + "stored, so a view can only schedule its re-render (on the virtual main queue), as SwiftUI does")
    ]

    /// The view model, the content rendering from it, the container around
    /// the content rendering from it too.
    public func makeOrdersScreen(in world: World, navigator: Navigator) -> any Screen {
        let viewModel = OrdersViewModel(loadOrders: world.useCases.loadOrders)
        let renders = RenderQueue()
        let content = OrdersContentView(viewModel: viewModel, navigator: navigator, renders: renders)
        return ContainerView(content: content, renders: renders)
    }

    public func makeMoviesScreen(in world: World, navigator: Navigator) -> any Screen {
        MoviesSearchFlowCoordinator(useCases: world.useCases, navigator: navigator).start()
    }
}
