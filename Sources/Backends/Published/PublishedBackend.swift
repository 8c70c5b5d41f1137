// The `published` backend: "Adapting an existing business solution for
// iOS, part 3" (2020), the SwiftUI article. View models are
// `ObservableObject`s whose outputs are `@Published`; SwiftUI views observe
// them with `@ObservedObject`, and any published change draws the whole
// view again, on the next main-queue turn. Each screen is a module of View –
// Interactor – Presenter and a Router, inside the article's `ContainerView`,
// which keeps its own `ContainerModel` and is its content's model's
// `listener`. Combine and SwiftUI are Apple's: Glue/ models what the article
// needs of them (Docs/approaches/published.md says where each rule comes from).
//
// Glue/, Orders/ and Movies/ are the article's code; this file is the
// assembly (the app's composition root), and the `+Trace` and `+Probe` files
// beside it are what the playground adds to watch it.
// May import: Domain, BindingKit.
public import BindingKit

/// The `ObservableObject` / `@Published` / `@ObservedObject` approach,
/// behind the playground's backend contract.
public struct PublishedBackend: BindingBackend {
    public init() {}

    public let info = BackendInfo(
        id: "published",
        summary: "ObservableObject + @Published, @ObservedObject views, VIP + R, a ContainerView with its own model",
        article: "Адаптируем существующее бизнес-решение под iOS. Часть 3. Работаем с архитектурой",
        year: 2020)

    public let traits: [BackendTrait] = [
        .coarseUpdates(
            reason: "any @Published change invalidates every view that observes the object, whatever it read, and a "
                + "view's body sets every widget it describes: a rename sets the list and the title again"),
        .deliversOnLaterTurn(
            reason: "objectWillChange is sent in the property's willSet, before the value is stored: a view can only "
                + "be drawn again on a later main-queue turn, SwiftUI's next update, once for every change before it"),
    ]

    /// The orders module inside the container, on a hosting controller.
    public func makeOrdersScreen(in world: World, navigator: Navigator) -> any Screen {
        OrdersConfigurator.makeScreen(loadOrders: world.useCases.loadOrders, navigator: navigator)
    }

    public func makeMoviesScreen(in world: World, navigator: Navigator) -> any Screen {
        MoviesSearchFlowCoordinator(useCases: world.useCases, navigator: navigator).start()
    }
}
