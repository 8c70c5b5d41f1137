public import Domain

/// Seed 004's search sequence, without the binding: what a movies list view
/// model decides when the user searches, scrolls, cancels or picks a row.
///
/// Every backend's `MoviesListViewModel` owns one (`private var search =
/// MoviesSearch()`), calls it from its inputs and publishes its answers in
/// its own approach (delegate methods, enum events, `Output` handlers, one
/// `changed`). It never calls anybody: the use case call and the cancellable
/// stay in the view model, as seed 004's `moviesLoadTask` does.
///
/// The rules are seed 004's (kudoleh/iOS-Clean-Architecture-MVVM,
/// `DefaultMoviesListViewModel`):
/// - an empty query is ignored;
/// - a new search forgets the pages (the items are emptied), shows the
///   full-screen loading, sets the query and asks for `nextPage` (page 1);
/// - the next page is asked for only while there are more pages and nothing
///   is loading, with the footer's loading;
/// - an answer adds the page's rows, or says the error in seed 004's words;
///   either way the loading ends;
/// - cancelling ends the loading (the view model cancels its task).
///
/// A step that asks for a page answers a ``Request``; the view model
/// publishes what changed (``Request/isNewSearch`` empties its items, then
/// ``Request/loading`` and ``Request/query``) and hands
/// ``Request/requestValue`` to `SearchMoviesUseCase`. What comes back goes to
/// ``receive(_:)``, whose ``Outcome`` says what to publish.
public struct MoviesSearch: Equatable, Sendable {
    /// A page to ask the use case for, and what the step changed on screen.
    public struct Request: Equatable, Sendable {
        /// What to hand `SearchMoviesUseCase.execute(requestValue:)`.
        public let requestValue: SearchMoviesUseCase.RequestValue
        /// The loading to show while it is in flight.
        public let loading: MoviesListViewModelLoading

        /// The query searched: the search field's text.
        public var query: String { requestValue.query.query }

        /// A new search: the pages were forgotten and the items are to be
        /// emptied before anything else is shown.
        public var isNewSearch: Bool { loading == .fullScreen }
    }

    /// What an answer changes: rows to add, or an error to tell.
    public enum Outcome: Equatable, Sendable {
        /// A page arrived: apply the update to the items shown.
        case page(MoviesListItemsUpdate)
        /// The search failed: seed 004's words for it ("No internet
        /// connection", "Failed loading movies").
        case failure(message: String)
    }

    /// Seed 004's `currentPage`, `totalPageCount`, `hasMorePages`,
    /// `nextPage` and the films of the pages loaded so far.
    public private(set) var pages = MoviesPages()
    /// What is loading: the whole screen (a new search), the footer (the
    /// next page), or nothing.
    public private(set) var loading: MoviesListViewModelLoading?
    /// The query of the last search; "" before any.
    public private(set) var query = ""

    /// No search yet.
    public init() {}

    /// Whether the list has no rows (seed 004's `isEmpty`).
    public var isEmpty: Bool { pages.movies.isEmpty }

    /// "Page 1 of 3"; "No movies found" once an answer came with nothing in
    /// it (seed 004's app shows only its "Search results" label then, which
    /// reads like a screen still loading); "" before the first answer.
    public var pageInfo: String {
        guard isEmpty else { return "Page \(pages.currentPage) of \(pages.totalPageCount)" }
        return pages.loadedPages.isEmpty ? "" : "No movies found"
    }

    /// Whether `loadNextPage()` would ask for a page: there are more pages
    /// and nothing is loading (seed 004's guard in `didLoadNextPage()`).
    public var canLoadNextPage: Bool { pages.hasMorePages && loading == nil }

    /// The user searched `query` (seed 004's `didSearch(query:)`).
    ///
    /// - Returns: the first page to ask for; nil for an empty query, which
    ///   changes nothing.
    public mutating func search(query: String) -> Request? {
        guard !query.isEmpty else { return nil }
        return search(MovieQuery(query: query))
    }

    /// A new search for `movieQuery`, also when the user picks a recent
    /// query (seed 004's `update(movieQuery:)`): the pages are forgotten and
    /// page 1 is asked for, with the full-screen loading.
    public mutating func search(_ movieQuery: MovieQuery) -> Request {
        pages.reset()
        return load(movieQuery, loading: .fullScreen)
    }

    /// The user scrolled to the end (seed 004's `didLoadNextPage()`).
    ///
    /// - Returns: the next page to ask for, with the footer's loading; nil
    ///   on the last page or while something is loading.
    public mutating func loadNextPage() -> Request? {
        guard canLoadNextPage else { return nil }
        return load(MovieQuery(query: query), loading: .nextPage)
    }

    /// The use case answered (seed 004's `appendPage(_:)` or
    /// `handle(error:)`); the loading ends either way.
    ///
    /// - Complexity: O(m) in the films of the page that arrived, however
    ///   many pages came before it (a page answered twice costs O(n)).
    public mutating func receive(_ result: Result<MoviesPage, DataError>) -> Outcome {
        loading = nil
        switch result {
        case .success(let page):
            let kept = pages.movies.count
            if pages.append(page) {
                return .page(MoviesListItemsUpdate(keeping: kept, appending: page.movies))
            }
            return .page(MoviesListItemsUpdate(keeping: 0, appending: pages.movies))
        case .failure(let error):
            return .failure(message: MoviesPages.errorMessage(for: error))
        }
    }

    /// The user pressed Cancel (seed 004's `didCancelSearch()`): the loading
    /// ends; the view model cancels its task.
    ///
    /// - Returns: whether something was loading, so that the view model
    ///   publishes the change only when there is one.
    public mutating func cancel() -> Bool {
        guard loading != nil else { return false }
        loading = nil
        return true
    }

    /// The film of row `index` (seed 004's `didSelectItem(at:)`); nil for a
    /// row the list does not have.
    public func movie(at index: Int) -> Movie? {
        pages.movies.indices.contains(index) ? pages.movies[index] : nil
    }

    private mutating func load(_ movieQuery: MovieQuery, loading: MoviesListViewModelLoading) -> Request {
        self.loading = loading
        query = movieQuery.query
        return Request(
            requestValue: SearchMoviesUseCase.RequestValue(query: movieQuery, page: pages.nextPage),
            loading: loading)
    }
}

/// How the rows of the movies list change when a page arrives: the first
/// `keeping` stay, the rows of `appending`'s films go after them.
///
/// A view model keeps its items and applies the update to them, so that a
/// page builds the item view models of its own films only.
public struct MoviesListItemsUpdate: Equatable, Sendable {
    /// How many of the rows shown stay: all of them, unless a page was
    /// answered twice.
    public let keeping: Int
    /// The films whose rows come after them.
    public let appending: [Movie]

    public init(keeping: Int, appending: [Movie]) {
        self.keeping = keeping
        self.appending = appending
    }

    /// Applies the update to `items`: the rows beyond `keeping` go, the new
    /// ones are added.
    ///
    /// - Complexity: O(m) in the films added, when `items` is not shared.
    public func apply(to items: inout [MoviesListItemViewModel]) {
        items.removeSubrange(min(keeping, items.count)...)
        items.append(contentsOf: appending.lazy.map(MoviesListItemViewModel.init))
    }
}
