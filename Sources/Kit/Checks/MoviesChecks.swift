import BindingKit
import Domain
import Playground
import PlaygroundTestSupport

/// The movies screen of "Clean architecture and MVVM in iOS" as the user sees
/// it, over the suite's small catalogue ("star wars": 45 films, pages of 20):
/// the conformance suite's `MoviesScreenTests` run these on every backend, and
/// the kit's task 8 on the attendee's.
public enum MoviesChecks {
    public static let all: [Check] = [
        searchLoadsTheFirstPage, moreLoadsNextPagesUntilTheLast, swipingToTheLastRowAsksForTheNextPage,
        emptyResult, failedNextPageKeepsItems, cancelStopsTheSearch, newSearchCancelsTheOneInFlight,
        recentQueries, releasingTheViewsFreesEverything,
    ]

    public static let searchLoadsTheFirstPage = Check(
        "movies.search",
        "a search shows the full-screen spinner (where the container hears the loading) until the first page arrives"
    ) { backend throws(CheckFailure) in
        let run = CheckRun(backend)
        try run.perform(.movies(.search("star wars")))
        let loading = run.app.shown(["⟳ Loading…", "⌕ star wars", "Search results"])
        try run.expectLines(loading, "the search field says the query, and the spinner turns")
        run.wait(TestApp.latency - 1)
        try run.expectLines(loading, "the spinner still turns a millisecond before the answer")
        run.wait(1)
        try run.expectScreen(
            [
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
            ], "the first page: 20 films, the page line and an enabled Load more button")
        try run.expect(try run.rows().count, equals: 20, "the list has the page's 20 films")
        try run.expect(
            run.app.movies.requests, equals: [.init(query: "star wars", page: 1)], "one request was made, for page 1")
        try run.expect(run.app.world.tracer.hopCount > 0, "the view model's messages to the view are traced")
    }

    public static let moreLoadsNextPagesUntilTheLast = Check(
        "movies.more",
        "Load more loads the next page under a footer spinner, disabled meanwhile, and is disabled after the last page"
    ) { backend throws(CheckFailure) in
        let run = CheckRun(backend)
        try run.perform(.movies(.search("star wars")))
        run.drain()
        try run.perform(.movies(.more))
        try run.expect(
            Array(run.app.lines.suffix(3)), equals: ["Page 1 of 3", "( Load more )", "⟳ Loading more…"],
            "while the next page loads, the button is disabled and the footer spinner turns")
        try run.expect(!run.app.lines.contains("⟳ Loading…"), "the full-screen spinner does not turn for a next page")
        try run.expect(try run.rows().count, equals: 20, "the first page's 20 films stay meanwhile")
        run.drain()
        try run.expect(try run.rows().count, equals: 40, "the second page adds 20 films")
        try run.expect(
            Array(run.app.lines.suffix(2)), equals: ["Page 2 of 3", "[ Load more ]"], "the page line says 2 of 3")
        try run.perform(.movies(.more))
        run.drain()
        let rows = try run.rows()
        try run.expect(rows.count, equals: 45, "the last page adds the last 5 films")
        try run.expect(rows.last, equals: "Star Wars Fan Film 44", "the last film is \"Star Wars Fan Film 44\"")
        try run.expect(
            Array(run.app.lines.suffix(2)), equals: ["Page 3 of 3", "( Load more )"],
            "after the last page the button is disabled")
        try run.performRefused(.movies(.more), "Load more cannot be tapped after the last page")
        run.note("movies scroll to the end")
        run.app.scrollToEnd()
        run.drain()
        try run.expect(try run.rows().count, equals: 45, "scrolling to the end asks for nothing more")
        try run.expect(run.app.movies.requests.map(\.page), equals: [1, 2, 3], "pages 1, 2 and 3 were asked for")
    }

    public static let swipingToTheLastRowAsksForTheNextPage = Check(
        "movies.scroll",
        "swiping down until the last row comes into view asks for the next page; a swipe that stops short does not"
    ) { backend throws(CheckFailure) in
        let run = CheckRun(backend)
        try run.perform(.movies(.search("star wars")))
        run.drain()
        try run.perform(.movies(.scroll(.to(row: 5))))
        run.drain()
        try run.expect(
            run.app.movies.requests.map(\.page), equals: [1], "rows 5-14 of 20 show: the last is out of view")
        try run.perform(.movies(.scroll(.down)))
        run.drain()
        try run.expect(
            run.app.movies.requests.map(\.page), equals: [1, 2], "the last row came into view: page 2 was asked for")
        try run.expect(try run.rows().count, equals: 40, "the list has 40 films")
        try run.expect(run.app.lines.contains { $0.hasPrefix("… 10 above") }, "the list says \"… 10 above\"")
        try run.expect(
            run.app.lines.contains { $0.hasPrefix("19  ") }, "the window stays where the finger left it (row 19)")
    }

    public static let emptyResult = Check(
        "movies.empty", "a search that finds nothing says so under the empty title, instead of a page line"
    ) { backend throws(CheckFailure) in
        let run = CheckRun(backend)
        try run.perform(.movies(.search("zzz")))
        run.drain()
        try run.expectLines(["⌕ zzz", "Search results", "No movies found"], "the screen says \"No movies found\"")
        try run.performRefused(.movies(.more), "there is nothing to load more of")
        run.note("movies scroll to the end")
        run.app.scrollToEnd()
        run.drain()
        try run.expect(run.app.movies.requests.count, equals: 1, "one request only was made")
    }

    public static let failedNextPageKeepsItems = Check(
        "movies.failed-page", "a failed next page shows the offline alert and keeps the films already loaded"
    ) { backend throws(CheckFailure) in
        let run = CheckRun(backend)
        try run.perform(.movies(.search("star wars")))
        run.drain()
        run.app.movies.failures = [.notConnected]
        run.note(":net fail next")
        try run.perform(.movies(.more))
        run.drain()
        guard let alert = run.app.alert else {
            throw CheckFailure(
                "the container's alert says \"No internet connection\"", steps: run.steps,
                found: "no alert; " + run.shownLines)
        }
        try run.expect(alert.title, equals: "Error", "the alert is titled \"Error\"")
        try run.expect(alert.message, equals: "No internet connection", "the alert says \"No internet connection\"")
        try run.expect(
            run.app.lines.contains { $0.contains("No internet connection") }, "the alert is drawn on the screen")
        try run.expect(try run.rows().count, equals: 20, "the first page's 20 films stay")
        try run.expect(run.app.lines.contains("Page 1 of 3"), "the page line still says \"Page 1 of 3\"")
        try run.expect(!run.app.lines.contains("⟳ Loading more…"), "the footer spinner has stopped")
        try run.perform(.movies(.more))
        try run.expect(run.app.alert == nil, "the next action dismisses the alert")
        run.drain()
        try run.expect(try run.rows().count, equals: 40, "the same page loads, this time")
    }

    public static let cancelStopsTheSearch = Check(
        "movies.cancel", "cancel calls the search off: the spinner goes, nothing arrives, nothing is remembered"
    ) { backend throws(CheckFailure) in
        let run = CheckRun(backend)
        try run.perform(.movies(.search("alien")))
        run.wait(TestApp.latency / 2)
        try run.perform(.movies(.cancel))
        try run.expectLines(["⌕ alien", "Search results"], "cancel stops the spinner at once")
        run.drain()
        try run.expectLines(["⌕ alien", "Search results"], "no answer arrives afterwards")
        try run.expect(run.app.queries.queries.isEmpty, "the query is not remembered among the recent searches")
    }

    public static let newSearchCancelsTheOneInFlight = Check(
        "movies.new-search", "a new search calls off the one in flight, whose answer never shows"
    ) { backend throws(CheckFailure) in
        let run = CheckRun(backend)
        try run.perform(.movies(.search("alien")))
        run.wait(TestApp.latency / 2)
        try run.perform(.movies(.search("star wars")))
        run.wait(TestApp.latency / 2)
        try run.expectLines(
            run.app.shown(["⟳ Loading…", "⌕ star wars", "Search results"]),
            "when the first search would have answered, the second one still loads and nothing shows")
        run.wait(TestApp.latency / 2)
        try run.expect(try run.rows().first, equals: "Star Wars", "the second search's films show")
        try run.expect(try run.rows().count, equals: 20, "its first page of 20")
        run.drain()
        try run.expect(try run.rows().contains("Alien") == false, "the first search's films never show")
        try run.expect(
            run.app.queries.queries, equals: [MovieQuery(query: "star wars")], "only the second search is remembered")
    }

    public static let recentQueries = Check(
        "movies.recent",
        "the recent searches list the successful ones, most recent first, and picking one searches it"
    ) { backend throws(CheckFailure) in
        let run = CheckRun(backend)
        for query in ["alien", "zzz", "star wars", "alien"] {
            try run.perform(.movies(.search(query)))
            run.drain()
        }
        try run.expect(run.app.rows("suggestions") == nil, "the recent searches are closed")
        try run.perform(.movies(.recent(row: nil)))
        run.drain()
        try run.expect(
            run.app.rows("suggestions"), equals: ["alien", "star wars", "zzz"],
            "the recent searches, most recent first, each once")
        try run.expect(
            Array(run.app.lines.prefix(5)),
            equals: ["⌕ alien", "Recent searches:", "0  alien", "1  star wars", "2  zzz"],
            "the list shows under the search field")
        try run.expect(try run.rows(), equals: ["Alien", "Aliens"], "the results of the last search stay under them")
        try run.perform(.movies(.recent(row: 1)))
        try run.expect(run.app.rows("suggestions") == nil, "picking one closes the list")
        try run.expectLines(
            run.app.shown(["⟳ Loading…", "⌕ star wars", "Search results"]), "and searches it, with the spinner")
        run.drain()
        try run.expect(try run.rows().first, equals: "Star Wars", "its films show")
        try run.perform(.movies(.recent(row: nil)))
        run.drain()
        try run.expect(
            run.app.rows("suggestions"), equals: ["star wars", "alien", "zzz"],
            "the search picked is now the most recent")
    }

    public static let releasingTheViewsFreesEverything = Check(
        "movies.release", "once the movies views are released and the queue drained, nothing they made is left alive"
    ) { backend throws(CheckFailure) in
        let run = CheckRun(backend)
        try run.perform(.movies(.search("star wars")))
        run.drain()
        try run.perform(.movies(.recent(row: nil)))
        try run.perform(.movies(.select(row: 0)))
        try run.perform(.back)
        try run.perform(.movies(.select(row: 1)))
        try run.perform(.back)
        try run.perform(.movies(.more))  // in flight when the views go
        try run.expect(run.app.world.census.totalLive > 0, "the census counts the screen's objects")
        run.note(":release view")
        run.app.device.releaseViews()
        run.drain()
        try run.expect(
            run.app.holdsOnlyDeclaredObjects(of: backend),
            "nothing is left alive but what the backend declares it keeps (`keepsAliveAfterRelease`)",
            found: OrdersChecks.alive(run.app))
    }
}
