import BindingKit
import Domain
import Testing

@Suite struct MoviesPagesTests {
    static func movie(_ id: Int) -> Movie {
        Movie(
            id: id, title: "Film \(id)", year: nil, length: nil, budget: nil, rating: 5, votes: 1,
            mpaa: nil, genres: [])
    }

    /// Page `page` of `totalPages`, with two films numbered after the page.
    static func page(_ page: Int, of totalPages: Int) -> MoviesPage {
        MoviesPage(page: page, totalPages: totalPages, movies: [movie(page * 10), movie(page * 10 + 1)])
    }

    /// Before any page the first search asks for page 1.
    @Test func beforeAnyPage() {
        let pages = MoviesPages()
        #expect(pages.currentPage == 0)
        #expect(pages.totalPageCount == 1)
        #expect(pages.hasMorePages)
        #expect(pages.nextPage == 1)
        #expect(pages.movies.isEmpty)
    }

    /// The first of three pages: its films, and page 2 next.
    @Test func firstPage() {
        var pages = MoviesPages()
        pages.append(Self.page(1, of: 3))
        #expect(pages.currentPage == 1)
        #expect(pages.totalPageCount == 3)
        #expect(pages.hasMorePages)
        #expect(pages.nextPage == 2)
        #expect(pages.movies.map(\.id) == [10, 11])
    }

    /// The next page adds its films after the first page's.
    @Test func nextPage() {
        var pages = MoviesPages()
        pages.append(Self.page(1, of: 3))
        pages.append(Self.page(2, of: 3))
        #expect(pages.currentPage == 2)
        #expect(pages.nextPage == 3)
        #expect(pages.movies.map(\.id) == [10, 11, 20, 21])
    }

    /// After the last page there are no more, and `nextPage` stays on it.
    @Test func lastPage() {
        var pages = MoviesPages()
        pages.append(Self.page(1, of: 2))
        pages.append(Self.page(2, of: 2))
        #expect(!pages.hasMorePages)
        #expect(pages.nextPage == 2)
        #expect(pages.movies.count == 4)
    }

    /// A search that finds nothing answers page 1 of 0: no more pages.
    @Test func emptyAnswer() {
        var pages = MoviesPages()
        pages.append(MoviesPage(page: 1, totalPages: 0, movies: []))
        #expect(!pages.hasMorePages)
        #expect(pages.nextPage == 1)
        #expect(pages.movies.isEmpty)
    }

    /// A page answered twice replaces the first answer rather than adding its
    /// films again, and counts as the latest page.
    @Test func aPageAnsweredTwiceReplaces() {
        var pages = MoviesPages()
        pages.append(Self.page(1, of: 3))
        pages.append(Self.page(2, of: 3))
        let again = MoviesPage(page: 1, totalPages: 3, movies: [Self.movie(99)])
        pages.append(again)
        #expect(pages.loadedPages.map(\.page) == [2, 1])
        #expect(pages.movies.map(\.id) == [20, 21, 99])
        #expect(pages.currentPage == 1)
    }

    /// `append` says whether the films before the page stayed: yes for a new
    /// page, no for a page answered again.
    @Test func appendSaysWhetherEarlierFilmsStayed() {
        var pages = MoviesPages()
        let first = pages.append(Self.page(1, of: 3))
        let second = pages.append(Self.page(2, of: 3))
        let again = pages.append(Self.page(2, of: 3))
        #expect(first && second && !again)
        #expect(pages.movies.map(\.id) == [10, 11, 20, 21])
    }

    /// `reset()` forgets every page: the next search starts at page 1 again.
    @Test func reset() {
        var pages = MoviesPages()
        pages.append(Self.page(1, of: 2))
        pages.append(Self.page(2, of: 2))
        pages.reset()
        #expect(pages == MoviesPages())
        #expect(pages.nextPage == 1)
        #expect(pages.movies.isEmpty)
    }

    /// Seed 004's two error texts: offline, or anything else.
    @Test func errorWording() {
        #expect(MoviesPages.errorMessage(for: .notConnected) == "No internet connection")
        #expect(MoviesPages.errorMessage(for: .failed(reason: "500")) == "Failed loading movies")
        #expect(MoviesPages.errorMessage(for: .cancelled) == "Failed loading movies")
    }
}
