// The `output` backends: "One style of View–ViewModel interaction" (QIWI,
// 2019), from its `Output` on. A view model sends its events through an
// `Output<Event>`, a list of handlers; a view sends its own the same way. The
// container of "Adapting an existing business solution for iOS, part 3"
// (2020) is one more bound view: both it and the content append a handler to
// the same `Output`.
//
// Three variants, one module, the article's last three steps:
// - `output` (the final form): `bind(with:)` wraps the view model in
//   `AnyViewModel`, appends one handler each way — the view model's
//   delivered on a later turn of the main run loop
//   (`RunLoop.main.perform(inModes: [.default])`) —, keeps the view model on
//   the view as an associated object, calls `setupBindings()` and then
//   `start()`;
// - `output-manual` (the second step): the two `handlers.append` written out
//   at every binding, the view keeping its view model itself;
// - `output-bind` (the first `bind(with:)`): no type eraser, so the view keeps
//   a concrete reference to its view model, and nothing guards `start()`.
// Everything but how a view is bound and who keeps its view model is the same
// code.
//
// Glue/, Orders/ and Movies/ are the article's code; this file is the
// assembly (the app's composition root), and the `+Trace` and `+Probe` files
// beside it are what the playground adds to watch it.
// May import: Domain, BindingKit.
public import BindingKit

/// The output approach, behind the playground's backend contract, in one of
/// the article's last three steps.
public struct OutputBackend: BindingBackend {
    /// Which of the article's steps the screens are bound with.
    public enum Variant: Sendable {
        /// The final form (the default): `bind(with:)`, `AnyViewModel`, the
        /// view model kept as an associated object.
        case anyViewModel
        /// The second step: the two `handlers.append` at every binding.
        case manual
        /// The first `bind(with:)`, before `AnyViewModel`.
        case unerasedBind
    }

    public let variant: Variant

    public init(_ variant: Variant = .anyViewModel) {
        self.variant = variant
    }

    private static let article = "QIWI: Как мы в QIWI пришли к единому стилю взаимодействия между View и ViewModel"

    public var info: BackendInfo {
        switch variant {
        case .anyViewModel:
            BackendInfo(
                id: "output",
                summary: "Output<Event> handler lists, bind(with:), AnyViewModel",
                article: Self.article, year: 2019)
        case .manual:
            BackendInfo(
                id: "output-manual", approach: "output",
                variant:
                    "the article's second step: two handlers.append per binding, written out where each view is made",
                summary: "Output<Event> handler lists wired by hand at every binding",
                article: Self.article, year: 2019)
        case .unerasedBind:
            BackendInfo(
                id: "output-bind", approach: "output",
                variant:
                    "the article's first bind(with:): no AnyViewModel, each view keeps its view model's concrete type",
                summary: "bind(with:) without a type eraser: a container that hands down starts the view model twice",
                article: Self.article, year: 2019)
        }
    }

    public var traits: [BackendTrait] {
        let hop =
            switch variant {
            case .anyViewModel:
                "bind(with:) wraps every view model event in RunLoop.main.perform(inModes: [.default]), as the "
                    + "article's final form does (here a turn of the virtual main queue)"
            case .manual:
                "each binding wraps every view model event in DispatchQueue.main.async (here the virtual main "
                    + "queue), as the article's hand-written handlers do"
            case .unerasedBind:
                "the first bind(with:) wraps every view model event in DispatchQueue.main.async (here the virtual "
                    + "main queue), as the article does"
            }
        return [.deliversOnLaterTurn(reason: hop + ", so a view hears of a change one turn after it happened")]
    }

    public func makeOrdersScreen(in world: World, navigator: Navigator) -> any Screen {
        let viewModel = OrdersViewModel(loadOrders: world.useCases.loadOrders)
        switch variant {
        case .anyViewModel:
            // The article's three-line assembly, with the container as the
            // view that is bound: it hands the view model down to its content.
            let view = ContainerView(content: OrdersContentView(navigator: navigator))
            view.bind(with: viewModel)
            return view
        case .manual:
            // Both views, wired by hand; the container keeps the view model.
            let content = BeforeAnyViewModel.OrdersContentView(navigator: navigator, step: .manual)
            let view = BeforeAnyViewModel.ContainerView(content: content, viewModel: viewModel)
            viewModel.output.handlers.append({ [weak view] event in
                DispatchQueue.main.async {
                    view?.handle(event: event)
                }
            })
            view.output.handlers.append({ [weak viewModel] event in
                viewModel?.handle(event: event)
            })
            viewModel.output.handlers.append({ [weak content] event in
                DispatchQueue.main.async {
                    content?.handle(event: event)
                }
            })
            content.output.handlers.append({ [weak viewModel] event in
                viewModel?.handle(event: event)
            })
            viewModel.start()
            return view
        case .unerasedBind:
            let content = BeforeAnyViewModel.OrdersContentView(navigator: navigator, step: .unerasedBind)
            let view = BeforeAnyViewModel.ContainerView(content: content, viewModel: viewModel)
            view.bind(unerased: viewModel)
            return view
        }
    }

    public func makeMoviesScreen(in world: World, navigator: Navigator) -> any Screen {
        switch variant {
        case .anyViewModel:
            MoviesSearchFlowCoordinator(useCases: world.useCases, navigator: navigator).start()
        case .manual:
            BeforeAnyViewModel.MoviesSearchFlowCoordinator(
                useCases: world.useCases, navigator: navigator, step: .manual
            )
            .start()
        case .unerasedBind:
            BeforeAnyViewModel.MoviesSearchFlowCoordinator(
                useCases: world.useCases, navigator: navigator, step: .unerasedBind
            )
            .start()
        }
    }
}
