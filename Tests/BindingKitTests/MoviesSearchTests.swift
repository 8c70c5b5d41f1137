import BindingKit
import Domain
import Testing

@Suite struct MoviesSearchTests {
    static func page(_ page: Int, of totalPages: Int) -> MoviesPage {
        MoviesPagesTests.page(page, of: totalPages)
    }

    /// A search that has shown page 1 of `totalPages` for "star".
    static func searched(pages totalPages: Int = 3) -> MoviesSearch {
        var search = MoviesSearch()
        _ = search.search(query: "star")
        _ = search.receive(.success(page(1, of: totalPages)))
        return search
    }

    /// Seed 004 ignores an empty query: no request, nothing changes.
    @Test func emptyQueryIsIgnored() {
        var search = MoviesSearch()
        let request = search.search(query: "")
        #expect(request == nil)
        #expect(search == MoviesSearch())
    }

    /// A new search asks for page 1 of the query with the full-screen loading.
    @Test func newSearchAsksForPageOne() throws {
        var search = MoviesSearch()
        let asked = search.search(query: "star wars")
        let request = try #require(asked)
        #expect(request.requestValue == .init(query: MovieQuery(query: "star wars"), page: 1))
        #expect(request.loading == .fullScreen)
        #expect(request.isNewSearch)
        #expect(request.query == "star wars")
        #expect(search.loading == .fullScreen)
        #expect(search.query == "star wars")
    }

    /// A new search after some pages forgets them: the rows are gone and
    /// page 1 is asked for again.
    @Test func newSearchForgetsThePages() throws {
        var search = Self.searched()
        _ = search.loadNextPage()
        _ = search.receive(.success(Self.page(2, of: 3)))
        let asked = search.search(query: "matrix")
        let request = try #require(asked)
        #expect(request.requestValue.page == 1)
        #expect(search.isEmpty)
        #expect(search.pageInfo == "")
        #expect(search.movie(at: 0) == nil)
    }

    /// A recent query picked from the suggestions is a new search too.
    @Test func pickedQueryIsANewSearch() {
        var search = Self.searched()
        let request = search.search(MovieQuery(query: "alien"))
        #expect(request.isNewSearch)
        #expect(request.requestValue == .init(query: MovieQuery(query: "alien"), page: 1))
    }

    /// A page arrives: its rows are appended after the rows kept, and the
    /// loading ends.
    @Test func pageAppendsItsRows() {
        var search = Self.searched()
        _ = search.loadNextPage()
        let outcome = search.receive(.success(Self.page(2, of: 3)))
        #expect(outcome == .page(MoviesListItemsUpdate(keeping: 2, appending: Self.page(2, of: 3).movies)))
        #expect(search.loading == nil)
        #expect(search.pageInfo == "Page 2 of 3")
        #expect(search.movie(at: 3)?.id == 21)
    }

    /// A failure is told in seed 004's words and the loading ends.
    @Test func failureIsWorded() {
        var search = MoviesSearch()
        _ = search.search(query: "star")
        let offline = search.receive(.failure(.notConnected))
        #expect(offline == .failure(message: "No internet connection"))
        #expect(search.loading == nil)
        _ = search.search(query: "star")
        let failed = search.receive(.failure(.failed(reason: "500")))
        #expect(failed == .failure(message: "Failed loading movies"))
    }

    /// The next page is asked for with the footer's loading and the same query.
    @Test func nextPageKeepsTheQuery() throws {
        var search = Self.searched()
        #expect(search.canLoadNextPage)
        let asked = search.loadNextPage()
        let request = try #require(asked)
        #expect(request.requestValue == .init(query: MovieQuery(query: "star"), page: 2))
        #expect(request.loading == .nextPage)
        #expect(!request.isNewSearch)
    }

    /// While something loads, scrolling to the end asks for nothing.
    @Test func noNextPageWhileLoading() {
        var search = MoviesSearch()
        _ = search.search(query: "star")
        #expect(!search.canLoadNextPage)
        let whileSearching = search.loadNextPage()
        #expect(whileSearching == nil)
        var paging = Self.searched()
        _ = paging.loadNextPage()
        let whilePaging = paging.loadNextPage()
        #expect(whilePaging == nil)
    }

    /// On the last page there is no next page to ask for.
    @Test func noNextPageAfterTheLast() {
        var search = Self.searched(pages: 1)
        #expect(!search.canLoadNextPage)
        let request = search.loadNextPage()
        #expect(request == nil)
    }

    /// Cancel ends a loading and says so; with nothing loading it says no.
    @Test func cancelEndsTheLoading() {
        var search = MoviesSearch()
        _ = search.search(query: "star")
        let cancelled = search.cancel()
        #expect(cancelled)
        #expect(search.loading == nil)
        let again = search.cancel()
        #expect(!again)
    }

    /// The film of a row, and nil for a row the list does not have.
    @Test func movieAtRow() {
        let search = Self.searched()
        #expect(search.movie(at: 1)?.id == 11)
        #expect(search.movie(at: 2) == nil)
        #expect(search.movie(at: -1) == nil)
    }

    /// A page answered again replaces every row, so the films are not shown twice.
    @Test func pageAnsweredAgainReplacesTheRows() {
        var search = Self.searched()
        let outcome = search.receive(.success(Self.page(1, of: 3)))
        #expect(outcome == .page(MoviesListItemsUpdate(keeping: 0, appending: Self.page(1, of: 3).movies)))
    }

    /// An update keeps the first rows and appends the new films' rows.
    @Test func updateAppliesToItems() {
        let films = Self.page(2, of: 3).movies
        var items = Self.page(1, of: 3).movies.map(MoviesListItemViewModel.init)
        MoviesListItemsUpdate(keeping: 2, appending: films).apply(to: &items)
        #expect(items.map(\.title) == ["Film 10", "Film 11", "Film 20", "Film 21"])
        MoviesListItemsUpdate(keeping: 0, appending: films).apply(to: &items)
        #expect(items.map(\.title) == ["Film 20", "Film 21"])
    }
}
