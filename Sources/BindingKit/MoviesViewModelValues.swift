public import Domain

// The values seed 004's movies view models hand their views. They carry no
// binding: every backend uses them as they are, and differs only in how it
// delivers them (delegate methods, enum events, `Output` handlers, `changed`
// and a redraw).

/// One row of the movies list (seed 004's `MoviesListItemViewModel`): the
/// words for one film, so that the view never sees a `Movie`.
public struct MoviesListItemViewModel: Equatable, Sendable {
    public let title: String
    /// "1977" or "TBA": the row's detail.
    public let year: String
    /// "Release Date: 1977" or "To be announced".
    public let releaseDate: String

    public init(movie: Movie) {
        title = movie.title
        year = movie.yearText
        releaseDate = movie.releaseDateText
    }
}

/// Seed 004's two kinds of loading: the whole screen (a new search) or the
/// footer (the next page).
public enum MoviesListViewModelLoading: Equatable, Sendable {
    case fullScreen
    case nextPage
}

/// One recent query in the suggestions list (seed 004's
/// `MoviesQueryListItemViewModel`).
public struct MoviesQueriesListItemViewModel: Equatable, Sendable {
    public let query: String

    public init(query: String) {
        self.query = query
    }
}

/// The lines of the details screen for one film (seed 004's
/// `MovieDetailsViewModel` outputs, with the facts this catalogue has):
/// the screen's title, then one line per fact.
public struct MovieDetailsLines: Equatable, Sendable {
    /// The film's title: the screen's title.
    public let title: String
    /// "Release Date: 1977", or "To be announced".
    public let releaseDate: String
    /// "Length: 121 min", or "Length: unknown".
    public let length: String
    /// "Rating: 8.8 (12,345 votes)".
    public let rating: String
    /// "Budget: $11,000,000", or "Budget: unknown".
    public let budget: String
    /// "Genres: Action, Drama", or "Genres: none".
    public let genres: String
    /// "MPAA: PG", or "MPAA: unknown".
    public let mpaa: String

    public init(movie: Movie) {
        title = movie.title
        releaseDate = movie.releaseDateText
        length = "Length: \(movie.lengthText)"
        rating = "Rating: \(movie.ratingText) (\(movie.votesText))"
        budget = "Budget: \(movie.budgetText)"
        genres = "Genres: \(movie.genresText)"
        mpaa = "MPAA: \(movie.mpaaText)"
    }
}

/// The labels of a film's details screen, named as the device and the tests
/// find them: the navigation title, then one line per fact of
/// `MovieDetailsLines`.
///
///     ┌─ Star Wars ────────────────────────┐  "title"
///     │ Release Date: 1977                 │  "releaseDate", or "To be announced"
///     │ Length: 121 min                    │  "length", or "Length: unknown"
///     │ Rating: 8.8 (12,345 votes)         │  "rating"
///     │ Budget: $11,000,000                │  "budget", or "Budget: unknown"
///     │ Genres: Action, Drama              │  "genres", or "Genres: none"
///     │ MPAA: PG                           │  "mpaa", or "MPAA: unknown"
///     └────────────────────────────────────┘
///
/// Every backend's `MovieDetailsView` is made of these; how the lines reach
/// them (one delegate method or event per line, or all at once) is its glue.
public struct MovieDetailsLabels {
    public let title: Label
    public let releaseDate: Label
    public let length: Label
    public let rating: Label
    public let budget: Label
    public let genres: Label
    public let mpaa: Label

    public init(tracer: Tracer? = World.current?.tracer) {
        title = Label(name: "title", tracer: tracer)
        releaseDate = Label(name: "releaseDate", tracer: tracer)
        length = Label(name: "length", tracer: tracer)
        rating = Label(name: "rating", tracer: tracer)
        budget = Label(name: "budget", tracer: tracer)
        genres = Label(name: "genres", tracer: tracer)
        mpaa = Label(name: "mpaa", tracer: tracer)
    }

    /// The widgets under the title, top to bottom.
    public var widgets: [any Widget] { [releaseDate, length, rating, budget, genres, mpaa] }

    /// Shows every line at once, title first.
    public func show(_ lines: MovieDetailsLines) {
        title.text = lines.title
        releaseDate.text = lines.releaseDate
        length.text = lines.length
        rating.text = lines.rating
        budget.text = lines.budget
        genres.text = lines.genres
        mpaa.text = lines.mpaa
    }
}

/// The widgets of the movies search screen (seed 004's
/// `MoviesListViewController` outlets), named as the device finds them:
///
///     ┌─ Movies ───────────────────────────┐  "title": navigation title "Movies"
///     │ ⟳ Loading…                         │  the container's spinner, while loading == .fullScreen
///     │ ⌕ star wars                        │  "search": the query; placeholder "Search Movies"
///     │ 0  star wars                       │  the suggestions ("suggestions"), only while shown
///     │  0  Star Wars                 1977 │  "list": text = title, detail = year or "TBA"
///     │ Search results                     │  "empty": only while there are no items
///     │ Page 1 of 3                        │  "page": only while there are items
///     │ [ Load more ]                      │  "loadMore": only while there are items; enabled
///     │                                    │  (`[ ]`, else `( )`) while canLoadNextPage
///     │ ⟳ Loading more…                    │  "more": footer spinner, while loading == .nextPage
///     │ ⚠ Error                            │  the container's alert after a failed load: "No
///     │ No internet connection        [OK] │  internet connection" or "Failed loading movies"
///     └────────────────────────────────────┘
///
/// Every backend's `MoviesListView` is made of these and differs only in
/// how it wires them to its view model.
public struct MoviesListOutlets {
    public let title: Label
    public let searchField: SearchField
    /// Where the suggestions list is embedded while shown (seed 004's
    /// `suggestionsListContainer`).
    public let suggestionsListContainer = Stack()
    public let list: ListWidget
    public let emptyDataLabel: Label
    public let pageLabel: Label
    /// Seed 004's `hasMorePages` and loading guard, made visible: enabled
    /// only while there are more pages and nothing is loading; hidden while
    /// there are no rows.
    public let loadMoreButton: Button
    public let nextPageSpinner: Spinner

    public init(tracer: Tracer? = World.current?.tracer) {
        title = Label(name: "title", tracer: tracer)
        searchField = SearchField(tracer: tracer)
        list = ListWidget(tracer: tracer)
        emptyDataLabel = Label(name: "empty", tracer: tracer)
        pageLabel = Label(name: "page", tracer: tracer)
        loadMoreButton = Button("Load more", name: "loadMore", isHidden: true, tracer: tracer)
        nextPageSpinner = Spinner(caption: "Loading more…", name: "more", tracer: tracer)
    }

    /// The widgets under the title, top to bottom (the container adds its
    /// spinner above and its alert below).
    public var widgets: [any Widget] {
        [searchField, suggestionsListContainer, list, emptyDataLabel, pageLabel, loadMoreButton, nextPageSpinner]
    }

    /// Reloads the list from `items`, as a table view's data source
    /// (`reloadData()` with `cellForRowAt` reading the items): the list asks
    /// for the rows it draws only, so that the 200th page costs what the
    /// first did.
    ///
    /// - Complexity: O(1); a draw after it builds at most
    ///   `ListWidget.visibleRows` rows.
    public func show(items: [MoviesListItemViewModel]) {
        list.reload(count: items.count) { items[$0].row }
    }

    /// The footer's spinner turns while the next page loads, and only then.
    public func showNextPageLoading(_ loading: MoviesListViewModelLoading?) {
        if loading == .nextPage {
            nextPageSpinner.startAnimating()
        } else {
            nextPageSpinner.stopAnimating()
        }
    }
}

extension MoviesListItemViewModel {
    /// The list's row for the film: its title, and its year at the right.
    public var row: ListWidget.Row { ListWidget.Row(title, detail: year) }
}
