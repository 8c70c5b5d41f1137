// The `associated` backends: the first half of "Affordable MVVM on hacked
// extensions" (Tinkoff, 2020). A view gets its view model through
// `IHaveViewModel`, whose storage a protocol extension "hacks" in with
// associated objects; the view model announces any change through one
// `changed` event (`INotifyOnChanged`), also kept in associated storage, and
// every listening view redraws itself whole. The container of "Adapting an
// existing business solution for iOS, part 3" (2020) is simply a second view
// given the same view model.
//
// Three variants, one module, the article's steps:
// - `associated` (the final form of that half): as above;
// - `associated-first` (its first try, "на самом деле нет"): the same views
//   and view models, given their view models with the first default
//   implementation, which draws once and subscribes to nothing, so nothing
//   the view models do after reaches a view;
// - `associated-boilerplate` (before the default implementation): every
//   view writes `anyViewModel` and `viewModel` itself.
//
// Glue/, Orders/ and Movies/ are the article's code; this file is the
// assembly (the app's composition root), and the `+Trace` and `+Probe` files
// beside it are what the playground adds to watch it.
// May import: Domain, BindingKit.
public import BindingKit

/// The associated-objects approach, behind the playground's backend
/// contract, in one of the article's steps.
public struct AssociatedBackend: BindingBackend {
    /// Which of the article's steps the screens are built with.
    public enum Variant: Sendable {
        /// The final form (the default): the default implementation of
        /// `IHaveViewModel`, subscribing to `INotifyOnChanged`'s `changed`.
        case notifying
        /// The first try: the first default implementation, no subscription.
        case firstTry
        /// Before the default implementation: every view writes it itself.
        case boilerplate
    }

    public let variant: Variant

    public init(_ variant: Variant = .notifying) {
        self.variant = variant
    }

    private static let article = "Tinkoff: Доступный MVVM на хакнутых экстеншенах"

    public var info: BackendInfo {
        switch variant {
        case .notifying:
            BackendInfo(
                id: "associated",
                summary: "IHaveViewModel + INotifyOnChanged in associated-object storage",
                article: Self.article, year: 2020)
        case .firstTry:
            BackendInfo(
                id: "associated-first", approach: "associated",
                variant: "the article's first try («на самом деле нет»): the view drawn once when given its view "
                    + "model, nothing tells it of a change",
                summary: "IHaveViewModel's first extension: reloadData() before the load, and never again",
                article: Self.article, year: 2020)
        case .boilerplate:
            BackendInfo(
                id: "associated-boilerplate", approach: "associated",
                variant: "before the default extension: every view and cell writes anyViewModel and viewModel itself",
                summary: "IHaveViewModel written out in every view: the code the extension saves",
                article: Self.article, year: 2020)
        }
    }

    public var traits: [BackendTrait] {
        let coarse = BackendTrait.coarseUpdates(
            reason: "one `changed` event per view model: every listening view re-sets all its widgets"
                + " (viewModelChanged), so one renamed row also re-sets the title, the spinner and the whole list")
        switch variant {
        case .notifying, .boilerplate:
            return [coarse]
        case .firstTry:
            return [
                .viewsNeverHearOfChanges(
                    reason: "the first default implementation of IHaveViewModel draws a view once, when it is "
                        + "given its view model, and subscribes to nothing: the orders list is drawn before the "
                        + "asynchronous load and stays empty, the spinner never turns, a search shows nothing")
            ]
        }
    }

    public func makeOrdersScreen(in world: World, navigator: Navigator) -> any Screen {
        // The article's assembly: `viewController.viewModel = viewModel`, here
        // twice, because the container listens to the same view model.
        let viewModel = OrdersVM(ordersProvider: world.useCases.loadOrders)
        switch variant {
        case .notifying:
            let content = OrdersVC(navigator: navigator)
            let container = ContainerView(content: content)
            content.viewModel = viewModel
            container.viewModel = viewModel
            return container
        case .firstTry:
            let content = OrdersVC(navigator: navigator)
            let container = ContainerView(content: content)
            content.setViewModelAsAtFirst(viewModel)
            container.setViewModelAsAtFirst(viewModel)
            return container
        case .boilerplate:
            let content = Boilerplate.OrdersVC(navigator: navigator)
            let container = Boilerplate.ContainerView(content: content)
            content.viewModel = viewModel
            container.viewModel = viewModel
            return container
        }
    }

    public func makeMoviesScreen(in world: World, navigator: Navigator) -> any Screen {
        switch variant {
        case .notifying:
            MoviesSearchFlowCoordinator(useCases: world.useCases, navigator: navigator).start()
        case .firstTry:
            FirstTry.MoviesSearchFlowCoordinator(useCases: world.useCases, navigator: navigator).start()
        case .boilerplate:
            Boilerplate.MoviesSearchFlowCoordinator(useCases: world.useCases, navigator: navigator).start()
        }
    }
}
