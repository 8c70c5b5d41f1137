public import Domain

/// Seed 004's navigation out of the movies list: closures the flow
/// coordinator hands the view model, so that it can ask for another screen
/// without knowing the navigator.
///
/// `DidSelect` is how the suggestions list reports a pick: seed 004's
/// `(MovieQuery) -> Void` closure, or, in a backend whose glue is
/// delegation, the delegate that hears it. Each backend names its own
/// `typealias MoviesListViewModelActions = BindingKit.MoviesListViewModelActions<…>`.
public struct MoviesListViewModelActions<DidSelect> {
    public let showMovieDetails: (Movie) -> Void
    public let showMovieQueriesSuggestions: (_ didSelect: DidSelect) -> Void
    public let closeMovieQueriesSuggestions: () -> Void

    public init(
        showMovieDetails: @escaping (Movie) -> Void,
        showMovieQueriesSuggestions: @escaping (_ didSelect: DidSelect) -> Void,
        closeMovieQueriesSuggestions: @escaping () -> Void
    ) {
        self.showMovieDetails = showMovieDetails
        self.showMovieQueriesSuggestions = showMovieQueriesSuggestions
        self.closeMovieQueriesSuggestions = closeMovieQueriesSuggestions
    }
}

extension Tracer {
    /// Records a view model's call of its flow coordinator through `actions`
    /// (dropped when it has none), naming the receiver
    /// `MoviesListViewModelActions` whatever its `DidSelect`.
    public func hop<DidSelect>(
        _ message: String, from: Any.Type, to actions: MoviesListViewModelActions<DidSelect>?
    ) {
        hop(message, from: from, toNamed: actions.map { _ in "MoviesListViewModelActions" })
    }
}

/// The movies list view as its flow coordinator sees it: where the
/// suggestions view is embedded while the search field is edited (seed 004's
/// `suggestionsListContainer`, a child view controller).
public protocol MoviesSuggestionsContainer: AnyObject {
    associatedtype SuggestionsView: AnyObject
    /// Shows `child` in the suggestions container and loads it.
    func add(child: SuggestionsView)
    /// Takes the suggestions out; the child view goes with it.
    func removeChild()
}

/// Seed 004's `MoviesSearchFlowCoordinator`, the part that is the same in
/// every backend: `start()` and the answers to the list's actions (push a
/// film's details; embed the suggestions unless they are shown; take them
/// out).
///
/// A backend's coordinator keeps the navigator and the views weakly and
/// makes the objects (its `make…` methods, seed 004's
/// `MoviesSceneDIContainer`), which is where the approaches differ: how a
/// view is given its view model, and who listens to whom.
///
/// Who keeps whom: the screen holds the list view, the view its view model,
/// the view model its actions, and the actions hold the coordinator strongly
/// (`start()` hands over its methods), as in seed 004 — "the flow lives as
/// long as the closures" — so nobody else has to keep it. As the coordinator
/// holds the navigator and the views weakly, that closes no cycle: once the
/// navigator drops the screen, everything goes.
public protocol MoviesSearchFlowCoordinating: AnyObject {
    associatedtype ListView: MoviesSuggestionsContainer
    associatedtype DetailsView: Screen
    /// How the suggestions list reports a pick (see `MoviesListViewModelActions`).
    associatedtype DidSelect

    /// The movies tab's navigation stack; weak.
    var navigator: Navigator? { get }
    /// The list view `start()` made; weak.
    var moviesListView: ListView? { get set }
    /// The suggestions while shown; weak.
    var moviesQueriesSuggestionsView: ListView.SuggestionsView? { get set }

    /// The list inside seed 002's container, both driven by one view model.
    func makeMoviesListScreen(actions: MoviesListViewModelActions<DidSelect>)
        -> (screen: any Screen, content: ListView)
    func makeMoviesQueriesSuggestionsListView(didSelect: DidSelect) -> ListView.SuggestionsView
    func makeMovieDetailsView(movie: Movie) -> DetailsView
}

extension MoviesSearchFlowCoordinating {
    /// Makes the movies list screen. The caller shows it as the navigator's
    /// root (the playground's device pushes root screens itself).
    public func start() -> any Screen {
        // The actions are closures the view model calls: each call is traced
        // here, where they are made, as a hop to the coordinator.
        let tracer = World.current?.tracer
        let coordinator = String(describing: Self.self)
        func hop(_ message: String) {
            tracer?.hop(message, from: "MoviesListViewModelActions", to: coordinator)
        }
        let actions = MoviesListViewModelActions<DidSelect>(
            showMovieDetails: { movie in
                hop("showMovieDetails(_:)")
                self.showMovieDetails(movie: movie)
            },
            showMovieQueriesSuggestions: { didSelect in
                hop("showMovieQueriesSuggestions(didSelect:)")
                self.showMovieQueriesSuggestions(didSelect: didSelect)
            },
            closeMovieQueriesSuggestions: {
                hop("closeMovieQueriesSuggestions()")
                self.closeMovieQueriesSuggestions()
            })
        let (screen, listView) = makeMoviesListScreen(actions: actions)
        moviesListView = listView
        // The actions' closures are all that keep the coordinator: tell the
        // playground's census, which sees only stored properties.
        World.current?.notice(self)
        return screen
    }

    /// Pushes the film's details.
    public func showMovieDetails(movie: Movie) {
        navigator?.push(makeMovieDetailsView(movie: movie))
    }

    /// Embeds the suggestions in the list view, unless they are shown
    /// already or the list view is gone.
    public func showMovieQueriesSuggestions(didSelect: DidSelect) {
        guard let moviesListView, moviesQueriesSuggestionsView == nil else { return }
        let view = makeMoviesQueriesSuggestionsListView(didSelect: didSelect)
        World.current?.willShow(view)
        moviesListView.add(child: view)
        moviesQueriesSuggestionsView = view
    }

    /// Takes the suggestions out of the list view.
    public func closeMovieQueriesSuggestions() {
        moviesListView?.removeChild()
        moviesQueriesSuggestionsView = nil
    }
}
