import BindingKit
import Domain
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
    func searchLoadsTheFirstPage(backend: any BindingBackend) throws {
        let app = TestApp(backend: backend)
        try app.perform(.movies(.search("star wars")))
        #expect(app.lines == app.shown(["⟳ Loading…", "⌕ star wars", "Search results"]))
        app.wait(TestApp.latency - 1)
        #expect(app.lines == app.shown(["⟳ Loading…", "⌕ star wars", "Search results"]))
        app.wait(1)
        #expect(
            app.screen == [
                "┌─ Movies ───────────────────────────┐",
                "│ ⌕ star wars                        │",
                "│  0  Star Wars                 1977 │",
                "│  1  Star Wars Fan Film 1      1991 │",
                "│  2  Star Wars Fan Film 2      1992 │",
                "│  3  Star Wars Fan Film 3      1993 │",
                "│  4  Star Wars Fan Film 4      1994 │",
                "│  5  Star Wars Fan Film 5       TBA │",
                "│  6  Star Wars Fan Film 6      1996 │",
                "│  7  Star Wars Fan Film 7      1997 │",
                "│  8  Star Wars Fan Film 8      1998 │",
                "│  9  Star Wars Fan Film 9      1999 │",
                "│ … 10 more                          │",
                "│ Page 1 of 3                        │",
                "│ [ Load more ]                      │",
                "└────────────────────────────────────┘",
            ])
        #expect(app.rows()?.count == 20)
        #expect(app.movies.requests == [.init(query: "star wars", page: 1)])
        #expect(app.world.tracer.hopCount > 0)
    }

    /// Load more loads the next page under a footer spinner, disabled meanwhile, and is disabled after the last page.
    @Test(arguments: notifyingBackends)
    func moreLoadsNextPagesUntilTheLast(backend: any BindingBackend) throws {
        let app = TestApp(backend: backend)
        try app.perform(.movies(.search("star wars")))
        app.drain()

        try app.perform(.movies(.more))
        #expect(app.lines.suffix(3) == ["Page 1 of 3", "( Load more )", "⟳ Loading more…"])
        #expect(!app.lines.contains("⟳ Loading…"))
        #expect(app.rows()?.count == 20)
        app.drain()
        #expect(app.rows()?.count == 40)
        #expect(app.lines.suffix(2) == ["Page 2 of 3", "[ Load more ]"])

        try app.perform(.movies(.more))
        app.drain()
        #expect(app.rows()?.count == 45)
        #expect(app.rows()?.last == "Star Wars Fan Film 44")
        #expect(app.lines.suffix(2) == ["Page 3 of 3", "( Load more )"])

        #expect(throws: ActionError.self) { try app.perform(.movies(.more)) }
        app.scrollToEnd()
        app.drain()
        #expect(app.rows()?.count == 45)
        #expect(app.movies.requests.map(\.page) == [1, 2, 3])
    }

    /// Swiping down the results until the last row comes into view is what asks for the next page, as in the article's app; a swipe that stops short asks for nothing.
    @Test(arguments: notifyingBackends)
    func swipingToTheLastRowAsksForTheNextPage(backend: any BindingBackend) throws {
        let app = TestApp(backend: backend)
        try app.perform(.movies(.search("star wars")))
        app.drain()
        try app.perform(.movies(.scroll(.to(row: 5))))
        app.drain()
        #expect(app.movies.requests.map(\.page) == [1], "rows 5-14 of 20: the last is out of view")
        try app.perform(.movies(.scroll(.down)))
        app.drain()
        #expect(app.movies.requests.map(\.page) == [1, 2])
        #expect(app.rows()?.count == 40)
        #expect(app.lines.contains { $0.hasPrefix("… 10 above") })
        #expect(app.lines.contains { $0.hasPrefix("19  ") }, "the window stays where the finger left it")
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
    func emptyResult(backend: any BindingBackend) throws {
        let app = TestApp(backend: backend)
        try app.perform(.movies(.search("zzz")))
        app.drain()
        #expect(app.lines == ["⌕ zzz", "Search results", "No movies found"])
        #expect(throws: ActionError.self) { try app.perform(.movies(.more)) }
        app.scrollToEnd()
        app.drain()
        #expect(app.movies.requests.count == 1)
    }

    /// A failed next page shows the offline alert and keeps the items already loaded.
    @Test(arguments: notifyingBackends)
    func failedNextPageKeepsItems(backend: any BindingBackend) throws {
        let app = TestApp(backend: backend)
        try app.perform(.movies(.search("star wars")))
        app.drain()
        app.movies.failures = [.notConnected]
        try app.perform(.movies(.more))
        app.drain()

        let alert = try #require(app.alert)
        #expect(alert.title == "Error")
        #expect(alert.message == "No internet connection")
        #expect(app.lines.contains { $0.contains("No internet connection") })
        #expect(app.rows()?.count == 20)
        #expect(app.lines.contains("Page 1 of 3"))
        #expect(!app.lines.contains("⟳ Loading more…"))

        // The next action dismisses the alert first, and the same page loads.
        try app.perform(.movies(.more))
        #expect(app.alert == nil)
        app.drain()
        #expect(app.rows()?.count == 40)
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
    func cancelStopsTheSearch(backend: any BindingBackend) throws {
        let app = TestApp(backend: backend)
        try app.perform(.movies(.search("alien")))
        app.wait(TestApp.latency / 2)
        try app.perform(.movies(.cancel))
        #expect(app.lines == ["⌕ alien", "Search results"])
        app.drain()
        #expect(app.lines == ["⌕ alien", "Search results"])
        #expect(app.queries.queries.isEmpty)
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
    func newSearchCancelsTheOneInFlight(backend: any BindingBackend) throws {
        let app = TestApp(backend: backend)
        try app.perform(.movies(.search("alien")))
        app.wait(TestApp.latency / 2)
        try app.perform(.movies(.search("star wars")))
        app.wait(TestApp.latency / 2)
        #expect(app.lines == app.shown(["⟳ Loading…", "⌕ star wars", "Search results"]))
        app.wait(TestApp.latency / 2)
        #expect(app.rows()?.first == "Star Wars")
        #expect(app.rows()?.count == 20)
        app.drain()
        #expect(app.rows()?.contains("Alien") == false)
        #expect(app.queries.queries == [MovieQuery(query: "star wars")])
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
    func recentQueries(backend: any BindingBackend) throws {
        let app = TestApp(backend: backend)
        for query in ["alien", "zzz", "star wars", "alien"] {
            try app.perform(.movies(.search(query)))
            app.drain()
        }
        #expect(app.rows("suggestions") == nil)

        try app.perform(.movies(.recent(row: nil)))
        app.drain()
        #expect(app.rows("suggestions") == ["alien", "star wars", "zzz"])
        #expect(Array(app.lines.prefix(5)) == ["⌕ alien", "Recent searches:", "0  alien", "1  star wars", "2  zzz"])
        #expect(app.rows() == ["Alien", "Aliens"])

        try app.perform(.movies(.recent(row: 1)))
        #expect(app.rows("suggestions") == nil)
        #expect(app.lines == app.shown(["⟳ Loading…", "⌕ star wars", "Search results"]))
        app.drain()
        #expect(app.rows()?.first == "Star Wars")

        try app.perform(.movies(.recent(row: nil)))
        app.drain()
        #expect(app.rows("suggestions") == ["star wars", "alien", "zzz"])
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
    func releasingTheViewsFreesEverything(backend: any BindingBackend) throws {
        let app = TestApp(backend: backend)
        try app.perform(.movies(.search("star wars")))
        app.drain()
        try app.perform(.movies(.recent(row: nil)))
        try app.perform(.movies(.select(row: 0)))
        try app.perform(.back)
        try app.perform(.movies(.select(row: 1)))
        try app.perform(.back)
        try app.perform(.movies(.more))  // in flight when the views go
        #expect(app.world.census.totalLive > 0)

        app.device.releaseViews()
        app.drain()
        #expect(app.holdsOnlyDeclaredObjects(of: backend), "\(app.world.census.census)")
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
