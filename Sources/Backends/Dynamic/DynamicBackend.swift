// The `dynamic` backend: "Bindings in Swift: first steps towards MVVM"
// (2015) and its author's demo, nayzak/Swift-MVVM. A view model's state is a
// set of `Dynamic<T>` values; a view binds each to a widget with the
// article's operators (`viewModel.title >>> titleLabel`, `viewModel.items |
// { … } >>> label`), a button to a `Command` (`button >>
// viewModel.loadNextPage`), a text field both ways (`viewModel.query <<>>>
// searchField`), and a list through the demo's `SimpleTableViewHelper`. The
// container of "Adapting an existing business solution for iOS, part 3"
// (2020) binds the same view model's `isLoading` and `error`.
//
// Glue/, Orders/ and Movies/ are the article's code; this file is the
// assembly (the app's composition root), and the `+Trace` and `+Probe` files
// beside it are what the playground adds to watch it.
// May import: Domain, BindingKit.
public import BindingKit

/// The `Dynamic<T>` approach, behind the playground's backend contract.
public struct DynamicBackend: BindingBackend {
    public init() {}

    public let info = BackendInfo(
        id: "dynamic",
        summary: "Dynamic<T>, operators >> >>> | <<>>>, PropertyModifier, Command",
        article: "Биндинги в Swift. Делаем первые шаги к MVVM",
        year: 2015)

    public let traits: [BackendTrait] = [
        .deliversOnLaterTurn(
            reason: "the demo's SimpleTableViewHelper reloads its table through Async.main (here the virtual"
                + " main queue): a change of the rows reaches the list a turn later; labels and spinners are"
                + " set at once")
    ]

    public func makeOrdersScreen(in world: World, navigator: Navigator) -> any Screen {
        let viewModel = OrdersViewModel(loadOrders: world.useCases.loadOrders) { [weak navigator] details in
            navigator?.push(OrderDetailsView(viewModel: details))
        }
        return ContainerView(content: OrdersView(viewModel: viewModel), viewModel: viewModel)
    }

    public func makeMoviesScreen(in world: World, navigator: Navigator) -> any Screen {
        MoviesSearchFlowCoordinator(useCases: world.useCases, navigator: navigator).start()
    }
}
