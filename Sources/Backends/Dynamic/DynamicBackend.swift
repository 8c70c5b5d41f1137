// The `dynamic` backend: seed 003 (2015), the author's demo nayzak/Swift-MVVM.
// A view model's state is a set of `Dynamic<T>` values; a view binds each to
// a widget with the article's operators (`viewModel.title >>> titleLabel`,
// `viewModel.items | { … } >>> label`), a button to a `Command` (`button >>
// viewModel.loadNextPage`), a text field both ways (`viewModel.query <<>>>
// searchField`), and a list through the demo's `SimpleTableViewHelper`.
// Seed 002's container binds the same view model's `isLoading` and `error`.
// May import: Domain, BindingKit.
public import BindingKit

/// The `Dynamic<T>` approach, behind the playground's backend contract.
public struct DynamicBackend: BindingBackend {
    /// How the views' closure listeners capture the view: `.weak`, the
    /// article's advice, unless a test or an experiment wants to show the
    /// other two.
    public let capture: ListenerCapture

    public init(capture: ListenerCapture = .weak) {
        self.capture = capture
    }

    public let info = BackendInfo(
        id: "dynamic",
        summary: "Dynamic<T>, operators >> >>> | <<>>>, PropertyModifier, Command",
        article: "Биндинги в Swift. Делаем первые шаги к MVVM",
        year: 2015)

    public var traits: [BackendTrait] {
        var traits: [BackendTrait] = [
            .deliversOnLaterTurn(
                reason: "the demo's SimpleTableViewHelper reloads its table through Async.main (here the virtual"
                    + " main queue): a change of the rows reaches the list a turn later; labels and spinners are"
                    + " set at once")
        ]
        if capture == .strong {
            traits.append(
                .keepsAliveAfterRelease(
                    classes: [
                        "ContainerView", "OrdersView", "OrdersViewModel", "MoviesListView", "MoviesListViewModel",
                        "MoviesSearchFlowCoordinator",
                    ],
                    reason: "listeners capture the view strongly and a Dynamic can never remove them: the view"
                        + " model holds the view, which holds the view model"))
        }
        return traits
    }

    public func makeOrdersScreen(in world: World, navigator: Navigator) -> any Screen {
        let viewModel = OrdersViewModel(world: world) { [weak navigator] details in
            navigator?.push(OrderDetailsView(viewModel: details, world: world))
        }
        let view = OrdersView(world: world, capture: capture)
        let container = ContainerView(content: view, world: world, capture: capture)
        view.bindViewModel(viewModel)
        container.bindViewModel(viewModel)
        return container
    }

    public func makeMoviesScreen(in world: World, navigator: Navigator) -> any Screen {
        MoviesSearchFlowCoordinator(world: world, navigator: navigator, capture: capture).start()
    }
}
