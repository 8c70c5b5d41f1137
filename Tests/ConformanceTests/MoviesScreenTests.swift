import BindingKit
import Domain
import Kit
import Playground
import Testing

/// The movies screen (seed 004) as the user sees it, on every backend.
@Suite struct MoviesScreenTests {
    /// Before any search the screen offers the search field and the empty title, no Load more button, and asks for nothing.
    @Test(arguments: notifyingBackends)
    func opensEmpty(backend: any BindingBackend) throws {
        let app = TestApp(backend: backend)
        try app.perform(.movies(.cancel))
        #expect(app.title == "Movies")
        #expect(app.lines == ["⌕ Search Movies", "Search results"])
        #expect(throws: ActionError("no results to load more of; try: movies search QUERY")) {
            try app.perform(.movies(.more))
        }
        app.scrollToEnd()
        app.drain()
        #expect(app.movies.requests.isEmpty)
        #expect(app.lines == ["⌕ Search Movies", "Search results"])
    }

    /// A search shows the full-screen spinner (where the container hears the loading) until the first page arrives a second later.
    @Test(arguments: notifyingBackends)
    func searchLoadsTheFirstPage(backend: any BindingBackend) {
        expectPasses(MoviesChecks.searchLoadsTheFirstPage, on: backend)
    }

    /// Load more loads the next page under a footer spinner, disabled meanwhile, and is disabled after the last page.
    @Test(arguments: notifyingBackends)
    func moreLoadsNextPagesUntilTheLast(backend: any BindingBackend) {
        expectPasses(MoviesChecks.moreLoadsNextPagesUntilTheLast, on: backend)
    }

    /// Swiping down the results until the last row comes into view is what asks for the next page, as in the article's app; a swipe that stops short asks for nothing.
    @Test(arguments: notifyingBackends)
    func swipingToTheLastRowAsksForTheNextPage(backend: any BindingBackend) {
        expectPasses(MoviesChecks.swipingToTheLastRowAsksForTheNextPage, on: backend)
    }

    /// `more` shows the rows it asked for once they arrive; selecting a row out of view first brings it into view.
    @Test(arguments: notifyingBackends)
    func moreShowsTheNewRowsAndSelectScrollsToItsRow(backend: any BindingBackend) throws {
        let app = TestApp(backend: backend)
        try app.perform(.movies(.search("star wars")))
        app.drain()
        try app.perform(.movies(.more))
        app.drain()
        #expect(app.lines.contains { $0.hasPrefix("20  ") } && app.lines.contains { $0.hasPrefix("29  ") })
        try app.perform(.movies(.select(row: 3)))
        app.drain()
        try app.perform(.back)
        #expect(app.lines.contains { $0.hasPrefix("… 3 above") })
        #expect(app.lines.contains { $0.hasPrefix(" 3  ") } && app.lines.contains { $0.hasPrefix("12  ") })
    }

    /// While a page is loading, Load more is disabled (a tap is an error) and scrolling to the end asks for nothing more.
    @Test(arguments: notifyingBackends)
    func moreWhileLoadingIsIgnored(backend: any BindingBackend) throws {
        let app = TestApp(backend: backend)
        try app.perform(.movies(.search("star wars")))
        app.scrollToEnd()
        app.drain()
        try app.perform(.movies(.more))
        #expect(
            throws: ActionError(
                "the Load more button is disabled: the last page is shown, or a page is loading")
        ) { try app.perform(.movies(.more)) }
        app.scrollToEnd()
        app.drain()
        #expect(app.movies.requests.map(\.page) == [1, 2])
        #expect(app.rows()?.count == 40)
    }

    /// A search that finds nothing says so under the empty title, instead of a page line.
    @Test(arguments: notifyingBackends)
    func emptyResult(backend: any BindingBackend) {
        expectPasses(MoviesChecks.emptyResult, on: backend)
    }

    /// A failed next page shows the offline alert and keeps the items already loaded.
    @Test(arguments: notifyingBackends)
    func failedNextPageKeepsItems(backend: any BindingBackend) {
        expectPasses(MoviesChecks.failedNextPageKeepsItems, on: backend)
    }

    /// A failed search says "Failed loading movies", shows no items and is not remembered.
    @Test(arguments: notifyingBackends)
    func failedSearch(backend: any BindingBackend) throws {
        let app = TestApp(backend: backend)
        app.movies.failures = [.failed(reason: "HTTP 500")]
        try app.perform(.movies(.search("star wars")))
        app.drain()
        #expect(app.alert?.message == "Failed loading movies")
        #expect(app.lines.first == "⌕ star wars")
        #expect(app.lines.contains("Search results"))
        #expect(!app.lines.contains("⟳ Loading…"))
        #expect(app.queries.queries.isEmpty)
    }

    /// An empty search is ignored: nothing is asked for and nothing changes.
    @Test(arguments: notifyingBackends)
    func emptyQueryIsIgnored(backend: any BindingBackend) throws {
        let app = TestApp(backend: backend)
        try app.perform(.movies(.search("alien")))
        app.drain()
        let before = app.lines
        try app.perform(.movies(.search("")))
        app.drain()
        #expect(app.movies.requests.count == 1)
        #expect(app.rows() == ["Alien", "Aliens"])
        #expect(Array(app.lines.dropFirst()) == Array(before.dropFirst()))
    }

    /// Typing fills the search field and asks for nothing; Search then searches what is typed.
    @Test(arguments: notifyingBackends)
    func typeThenSearch(backend: any BindingBackend) throws {
        let app = TestApp(backend: backend)
        if backend.traits.contains(where: { if case .replaysOnLaterTurn = $0 { true } else { false } }) {
            // Its replay would overwrite what is typed as the screen opens
            // (checked in TraitsTests): open it, let the turns run, then type.
            try app.perform(.movies(.cancel))
            app.drain()
        }
        try app.perform(.movies(.type("alien")))
        app.drain()
        #expect(app.lines == ["⌕ alien", "Search results"])
        #expect(app.movies.requests.isEmpty)
        try app.perform(.movies(.submit))
        app.drain()
        #expect(app.rows() == ["Alien", "Aliens"])
        #expect(app.movies.requests == [.init(query: "alien", page: 1)])
        #expect(app.queries.queries == [MovieQuery(query: "alien")])
    }

    /// Search with nothing typed is ignored, as an empty query is (and the device says so).
    @Test(arguments: notifyingBackends)
    func searchWithNothingTyped(backend: any BindingBackend) throws {
        let app = TestApp(backend: backend)
        #expect(throws: ActionError.self) { try app.perform(.movies(.submit)) }
        app.drain()
        #expect(app.movies.requests.isEmpty)
        #expect(app.lines == ["⌕ Search Movies", "Search results"])
    }

    /// Cancel calls the search off: the spinner goes, nothing arrives, nothing is remembered.
    @Test(arguments: notifyingBackends)
    func cancelStopsTheSearch(backend: any BindingBackend) {
        expectPasses(MoviesChecks.cancelStopsTheSearch, on: backend)
    }

    /// Cancel during a next page keeps the loaded items, and the page can be asked for again.
    @Test(arguments: notifyingBackends)
    func cancelNextPageKeepsItems(backend: any BindingBackend) throws {
        let app = TestApp(backend: backend)
        try app.perform(.movies(.search("star wars")))
        app.drain()
        try app.perform(.movies(.more))
        app.wait(TestApp.latency / 2)
        try app.perform(.movies(.cancel))
        #expect(!app.lines.contains("⟳ Loading more…"))
        app.drain()
        #expect(app.rows()?.count == 20)
        #expect(app.lines.suffix(2) == ["Page 1 of 3", "[ Load more ]"])

        try app.perform(.movies(.more))
        app.drain()
        #expect(app.rows()?.count == 40)
    }

    /// A new search calls off the one in flight, whose answer never shows.
    @Test(arguments: notifyingBackends)
    func newSearchCancelsTheOneInFlight(backend: any BindingBackend) {
        expectPasses(MoviesChecks.newSearchCancelsTheOneInFlight, on: backend)
    }

    /// Selecting a film opens its details; back returns to the results.
    @Test(arguments: notifyingBackends)
    func selectShowsDetailsAndBackReturns(backend: any BindingBackend) throws {
        let app = TestApp(backend: backend)
        try app.perform(.movies(.search("star wars")))
        app.drain()
        try app.perform(.movies(.select(row: 0)))
        app.drain()
        #expect(
            app.screen == [
                "┌─ Star Wars ────────────────────────┐",
                "│ Release Date: 1977                 │",
                "│ Length: 121 min                    │",
                "│ Rating: 8.8 (12,345 votes)         │",
                "│ Budget: $11,000,000                │",
                "│ Genres: Action, Drama              │",
                "│ MPAA: PG                           │",
                "└────────────────────────────────────┘",
            ])

        try app.perform(.back)
        #expect(app.title == "Movies")
        #expect(app.rows()?.count == 20)
        #expect(app.lines.suffix(2) == ["Page 1 of 3", "[ Load more ]"])
    }

    /// A film the catalogue knows little about says so on every line.
    @Test(arguments: notifyingBackends)
    func detailsOfAnUnknownFilm(backend: any BindingBackend) throws {
        let app = TestApp(backend: backend)
        try app.perform(.movies(.search("star wars")))
        app.drain()
        try app.perform(.movies(.select(row: 5)))
        app.drain()
        #expect(app.title == "Star Wars Fan Film 5")
        #expect(
            app.lines == [
                "To be announced", "Length: unknown", "Rating: 5.0 (1 vote)", "Budget: unknown",
                "Genres: none", "MPAA: unknown",
            ])
        #expect(throws: ActionError.self) { try app.perform(.movies(.more)) }
    }

    /// The recent queries list the successful searches, most recent first, and picking one searches it.
    @Test(arguments: notifyingBackends)
    func recentQueries(backend: any BindingBackend) {
        expectPasses(MoviesChecks.recentQueries, on: backend)
    }

    /// Submitting a search or cancelling closes the recent queries.
    @Test(arguments: notifyingBackends)
    func searchAndCancelCloseTheRecentQueries(backend: any BindingBackend) throws {
        let app = TestApp(backend: backend)
        try app.perform(.movies(.search("alien")))
        app.drain()

        try app.perform(.movies(.recent(row: nil)))
        try app.perform(.movies(.recent(row: nil)))
        app.drain()
        #expect(app.rows("suggestions") == ["alien"])
        try app.perform(.movies(.search("star wars")))
        #expect(app.rows("suggestions") == nil)
        app.drain()

        try app.perform(.movies(.recent(row: nil)))
        app.drain()
        #expect(app.rows("suggestions") == ["star wars", "alien"])
        try app.perform(.movies(.cancel))
        #expect(app.rows("suggestions") == nil)
        #expect(app.rows()?.first == "Star Wars")
        #expect(throws: ActionError.self) { try app.perform(.movies(.recent(row: 0))) }
    }

    /// Once the views are released and the queue drained, nothing the screen made is left alive.
    @Test(arguments: notifyingBackends)
    func releasingTheViewsFreesEverything(backend: any BindingBackend) {
        expectPasses(MoviesChecks.releasingTheViewsFreesEverything, on: backend)
    }

    /// Releasing the views while the details and the suggestions are shown leaves nothing alive either.
    @Test(arguments: notifyingBackends)
    func releasingWithDetailsOpenFreesEverything(backend: any BindingBackend) throws {
        let app = TestApp(backend: backend)
        try app.perform(.movies(.search("star wars")))
        app.drain()
        try app.perform(.movies(.recent(row: nil)))
        try app.perform(.movies(.select(row: 3)))
        app.drain()
        #expect(app.title == "Star Wars Fan Film 3")

        app.device.releaseViews(of: .movies)
        app.drain()
        #expect(app.holdsOnlyDeclaredObjects(of: backend), "\(app.world.census.census)")
    }
}
