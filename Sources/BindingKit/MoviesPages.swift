public import Domain

/// Seed 004's pagination of a movies search: which pages have arrived, which
/// one to ask for next, and the films of all of them in order.
///
/// Every backend's `MoviesListViewModel` keeps one (`private var pages =
/// MoviesPages()`) and calls `reset()` on a new search and `append(_:)` when
/// a page arrives; only what the view model then tells its views, and how,
/// differs between backends. The rules are seed 004's
/// (kudoleh/iOS-Clean-Architecture-MVVM, `DefaultMoviesListViewModel`), with
/// its names: `currentPage`, `totalPageCount`, `hasMorePages`, `nextPage`.
///
/// Before any page, `currentPage` is 0 and `totalPageCount` 1, so that the
/// first search asks for page 1. A catalogue with nothing to show answers
/// page 1 of 0, after which there are no more pages to ask for.
public struct MoviesPages: Equatable, Sendable {
    /// The number of the last page that arrived; 0 before any.
    public private(set) var currentPage = 0
    /// How many pages the last answer said there are; 1 before any.
    public private(set) var totalPageCount = 1
    /// The pages that arrived, in the order they arrived; one per page number.
    public private(set) var loadedPages: [MoviesPage] = []
    /// The films of every loaded page, page after page: the list's rows.
    /// Kept as the pages arrive, so that a page costs the same however many
    /// came before it.
    public private(set) var movies: [Movie] = []

    /// No pages yet: the first search asks for page 1.
    public init() {}

    /// Whether there is a page after `currentPage` to ask for.
    public var hasMorePages: Bool { currentPage < totalPageCount }

    /// The page to ask for next: the one after `currentPage`, or
    /// `currentPage` again when it was the last.
    public var nextPage: Int { hasMorePages ? currentPage + 1 : currentPage }

    /// Forgets every page, for a new search (seed 004's `resetPages()`).
    public mutating func reset() {
        currentPage = 0
        totalPageCount = 1
        loadedPages.removeAll()
        movies.removeAll()
    }

    /// Records a page that arrived (seed 004's `appendPage(_:)`).
    ///
    /// The page becomes `currentPage` and its `totalPages` the new
    /// `totalPageCount`. A page whose number was already loaded (the same
    /// page answered twice) replaces the old one rather than adding its films
    /// again; it then counts as the latest page and goes to the end.
    ///
    /// - Returns: whether the films before this page's stay as they were
    ///   (`false` when an earlier copy of the page was taken out of them).
    /// - Complexity: O(p + m) in the number of pages loaded and of films in
    ///   `page`; a page answered again costs O(n) in the films loaded.
    @discardableResult
    public mutating func append(_ page: MoviesPage) -> Bool {
        currentPage = page.page
        totalPageCount = page.totalPages
        if let old = loadedPages.firstIndex(where: { $0.page == page.page }) {
            loadedPages.remove(at: old)
            loadedPages.append(page)
            movies = loadedPages.flatMap(\.movies)
            return false
        }
        loadedPages.append(page)
        movies.append(contentsOf: page.movies)
        return true
    }

    /// What a failed search tells the user. Seed 004 says only two things:
    /// "No internet connection" when offline, "Failed loading movies" for
    /// anything else.
    public static func errorMessage(for error: DataError) -> String {
        error == .notConnected ? "No internet connection" : "Failed loading movies"
    }
}
