/// One film of the catalogue (seed 004's `Movie`, with the fields the data set has).
public struct Movie: Equatable, Hashable, Sendable, Identifiable {
    public typealias Identifier = Int

    public var id: Identifier
    public var title: String
    /// Year of release; nil when the catalogue does not know it.
    public var year: Int?
    /// Running time in minutes.
    public var length: Int?
    /// Budget in US dollars; nil where unknown.
    public var budget: Int?
    /// Average user rating, 1 to 10.
    public var rating: Double
    public var votes: Int
    /// MPAA rating (G, PG, PG-13, R, NC-17); nil where none.
    public var mpaa: String?
    public var genres: [String]

    public init(
        id: Identifier, title: String, year: Int?, length: Int?, budget: Int?,
        rating: Double, votes: Int, mpaa: String?, genres: [String]
    ) {
        self.id = id
        self.title = title
        self.year = year
        self.length = length
        self.budget = budget
        self.rating = rating
        self.votes = votes
        self.mpaa = mpaa
        self.genres = genres
    }
}

/// One page of search results.
public struct MoviesPage: Equatable, Sendable {
    public let page: Int
    public let totalPages: Int
    public let movies: [Movie]

    public init(page: Int, totalPages: Int, movies: [Movie]) {
        self.page = page
        self.totalPages = totalPages
        self.movies = movies
    }
}

/// A search the user made; what the recent-queries list remembers.
public struct MovieQuery: Equatable, Hashable, Sendable {
    public let query: String

    public init(query: String) {
        self.query = query
    }
}
