import BindingKit

// PLACEHOLDER: replaced by the movies screen (issue 4) before it lands.
final class MoviesSearchFlowCoordinator {
    init(world: World, navigator: Navigator) {}
    func start() -> any Screen { PlaceholderScreen() }
}

private final class PlaceholderScreen: Screen {
    let title = Label("Movies")
    var widgets: [any Widget] { [] }
}
