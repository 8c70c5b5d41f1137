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
    /// "MPAA: PG", or "MPAA: not rated".
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
