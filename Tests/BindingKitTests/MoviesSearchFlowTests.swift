import BindingKit
import Domain
import Testing

@Suite struct MoviesSearchFlowTests {
    final class Page: Screen {
        let title = Label()
        var widgets: [any Widget] { [] }
    }

    final class Suggestions {}

    final class ListView: MoviesSuggestionsContainer {
        private(set) var added = 0
        private(set) var child: Suggestions?

        func add(child: Suggestions) {
            added += 1
            self.child = child
        }

        func removeChild() { child = nil }
    }

    final class Coordinator: MoviesSearchFlowCoordinating {
        typealias DidSelect = (MovieQuery) -> Void

        weak var navigator: Navigator?
        weak var moviesListView: ListView?
        weak var moviesQueriesSuggestionsView: Suggestions?
        let listView = ListView()
        /// The actions' closures hold the coordinator (as a view model's do):
        /// each test lets go of them at its end, or the two keep each other
        /// alive (LeakSanitizer, Tests/Sanitizers/run.sh address, says so).
        var actions: MoviesListViewModelActions<DidSelect>?

        init(navigator: Navigator) { self.navigator = navigator }

        func makeMoviesListScreen(actions: MoviesListViewModelActions<DidSelect>)
            -> (screen: any Screen, content: ListView)
        {
            self.actions = actions
            return (Page(), listView)
        }

        func makeMoviesQueriesSuggestionsListView(didSelect: DidSelect) -> Suggestions { Suggestions() }
        func makeMovieDetailsView(movie: Movie) -> Page { Page() }
    }

    static let film = Movie(
        id: 1, title: "Film", year: nil, length: nil, budget: nil, rating: 5, votes: 1, mpaa: nil, genres: [])

    /// Showing the suggestions twice embeds them once; closing takes them out.
    @Test func suggestionsAreEmbeddedOnce() throws {
        let navigator = Navigator()
        let coordinator = Coordinator(navigator: navigator)
        defer { coordinator.actions = nil }
        _ = coordinator.start()
        let actions = try #require(coordinator.actions)
        actions.showMovieQueriesSuggestions { _ in }
        actions.showMovieQueriesSuggestions { _ in }
        #expect(coordinator.listView.added == 1)
        actions.closeMovieQueriesSuggestions()
        #expect(coordinator.listView.child == nil)
        #expect(coordinator.moviesQueriesSuggestionsView == nil)
        actions.showMovieQueriesSuggestions { _ in }
        #expect(coordinator.listView.added == 2)
    }

    /// Showing a film's details pushes a screen on the navigator.
    @Test func detailsArePushed() throws {
        let navigator = Navigator()
        let coordinator = Coordinator(navigator: navigator)
        defer { coordinator.actions = nil }
        _ = coordinator.start()
        try #require(coordinator.actions).showMovieDetails(Self.film)
        #expect(navigator.top is Page)
        #expect(navigator.screens.count == 1)
    }
}
