// The `observable` backends: "Clean architecture and MVVM in iOS" (2024,
// kudoleh/iOS-Clean-Architecture-MVVM). A view model's outputs are
// `Observable`s; a view observes each with a block capturing `[weak self]`;
// navigation goes through actions closures owned by a flow coordinator that
// a DI container makes. Four variants, one module: `observable` is built on
// the repository's `Observable` (many observers, `remove(observer:)`),
// `observable-article` on the article's simplified one (one closure, the
// last observer wins), `observable-main` on the repository's older one
// (every delivery hopped to the main queue), `observable-2020` on the one it
// had from 2020 to 2023 (the replay at once, every notification hopped).
// Everything but the `Observable` they are made of is the same code.
//
// Glue/, Orders/ and Movies/ are the article's code; this file is the
// assembly (the app's composition root), and the `+Trace` and `+Probe` files
// beside it are what the playground adds to watch it.
// May import: Domain, BindingKit.
public import BindingKit
import Domain

/// The Clean Architecture article's approach, behind the playground's
/// backend contract, in one of its four forms.
public struct ObservableBackend: BindingBackend {
    /// Which of the article's `Observable`s the screens are built on.
    public enum Variant: Sendable {
        /// The repository's `Observable` (the default): an array of
        /// `(weak observer, block)`, replay, `remove(observer:)`.
        case repository
        /// The article's simplified `Observable`: one optional closure that
        /// `observe(_:)` replaces.
        case article
        /// The repository's older `Observable`: the replay and every
        /// notification hopped through `DispatchQueue.main.async`.
        case mainQueue
        /// The repository's `Observable` of 2020 to 2023: the replay at once,
        /// every notification hopped through `DispatchQueue.main.async`.
        case queuedNotifications
    }

    public let variant: Variant

    public init(_ variant: Variant = .repository) {
        self.variant = variant
    }

    var form: ObservableForm {
        switch variant {
        case .repository: .repository
        case .article: .article
        case .mainQueue: .mainQueue
        case .queuedNotifications: .queuedNotifications
        }
    }

    private static let article = "Clean architecture и MVVM в iOS разработке (kudoleh/iOS-Clean-Architecture-MVVM)"

    public var info: BackendInfo {
        switch variant {
        case .repository:
            BackendInfo(
                id: "observable",
                summary: "Observable<Value> closures, observe(on:), remove(observer:), flow coordinator",
                article: Self.article, year: 2024)
        case .mainQueue:
            BackendInfo(
                id: "observable-main", approach: "observable",
                variant: "the repository's older Observable: replay and every notification in DispatchQueue.main.async",
                summary: "the repository's older Observable: every delivery a main-queue turn later",
                article: Self.article, year: 2024)
        case .queuedNotifications:
            BackendInfo(
                id: "observable-2020", approach: "observable",
                variant: "the repository's Observable of 2020 to 2023: the replay at once, every notification in "
                    + "DispatchQueue.main.async",
                summary: "the repository's 2020 Observable: replays at once, notifies a main-queue turn later",
                article: Self.article, year: 2024)
        case .article:
            BackendInfo(
                id: "observable-article", approach: "observable",
                variant: "the article's simplified Observable: one closure, observe(_:) replaces it",
                summary: "one closure per Observable: the last observer wins",
                article: Self.article, year: 2024)
        }
    }

    public var traits: [BackendTrait] {
        let laterTurn = BackendTrait.deliversAnswersOnLaterTurn(
            reason:
                "the view models handle every answer of the data layer in mainQueue.async (the repository's injected "
                + "DispatchQueueType, here the virtual main queue), so what they set then reaches the views a turn "
                + "after the answer; what they set for the user's input is delivered at once")
        switch variant {
        case .repository:
            return [laterTurn]
        case .mainQueue:
            return [
                .deliversOnLaterTurn(
                    reason: "the Observable itself hops the replay and every notification through "
                        + "DispatchQueue.main.async (here the virtual main queue), each block reading the value "
                        + "when its turn runs"),
                .replaysOnLaterTurn(
                    reason: "observe(on:) queues the replay: text typed into the movies search field in the "
                        + "instant the screen opens is overwritten by the query's replay (\"\") a turn later"),
            ]
        case .queuedNotifications:
            return [
                .deliversOnLaterTurn(
                    reason: "the Observable hops every notification through DispatchQueue.main.async (here the "
                        + "virtual main queue), each block reading the value when its turn runs; only the replay, "
                        + "in observe(on:), is at once")
            ]
        case .article:
            return [
                laterTurn,
                .lastObserverWins(
                    reason: "an Observable keeps one closure and observe(_:) replaces it: the container observes "
                        + "the movies view model's loading first, the content then replaces its closure, so the "
                        + "full-screen spinner never turns"),
            ]
        }
    }

    public func makeOrdersScreen(in world: World, navigator: Navigator) -> any Screen {
        let form = self.form
        let actions = OrdersListViewModelActions(showOrderDetails: { [weak navigator] order, didUpdate in
            let viewModel = OrderDetailsViewModel(order: order, didUpdate: didUpdate, form: form)
            navigator?.push(OrderDetailsView(viewModel: viewModel))
        })
        let viewModel = OrdersListViewModel(
            loadOrdersUseCase: world.useCases.loadOrders, actions: actions, mainQueue: form.viewModelQueue, form: form)
        let content = OrdersListView(viewModel: viewModel)
        return ContainerView(content: content, viewModel: viewModel)
    }

    public func makeMoviesScreen(in world: World, navigator: Navigator) -> any Screen {
        MoviesSceneDIContainer(useCases: world.useCases, form: form)
            .makeMoviesSearchFlowCoordinator(navigator: navigator)
            .start()
    }
}
