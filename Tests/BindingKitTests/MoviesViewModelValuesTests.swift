import BindingKit
import Domain
import Testing

@Suite struct MoviesViewModelValuesTests {
    static let starWars = Movie(
        id: 1, title: "Star Wars", year: 1977, length: 121, budget: 11_000_000, rating: 8.8,
        votes: 12_345, mpaa: "PG", genres: ["Action", "Drama"])
    static let unknown = Movie(
        id: 2, title: "Untitled", year: nil, length: nil, budget: nil, rating: 5, votes: 1, mpaa: nil,
        genres: [])

    /// A list row: the title, the year for the detail, seed 004's release date.
    @Test func listItem() {
        let item = MoviesListItemViewModel(movie: Self.starWars)
        #expect(item.title == "Star Wars")
        #expect(item.year == "1977")
        #expect(item.releaseDate == "Release Date: 1977")
        #expect(MoviesListItemViewModel(movie: Self.unknown).year == "TBA")
    }

    /// The details screen's lines, known and unknown.
    @Test func detailsLines() {
        let lines = MovieDetailsLines(movie: Self.starWars)
        #expect(lines.title == "Star Wars")
        #expect(lines.releaseDate == "Release Date: 1977")
        #expect(lines.length == "Length: 121 min")
        #expect(lines.rating == "Rating: 8.8 (12,345 votes)")
        #expect(lines.budget == "Budget: $11,000,000")
        #expect(lines.genres == "Genres: Action, Drama")
        #expect(lines.mpaa == "MPAA: PG")
        let none = MovieDetailsLines(movie: Self.unknown)
        #expect(none.releaseDate == "To be announced")
        #expect(none.length == "Length: unknown")
        #expect(none.rating == "Rating: 5.0 (1 vote)")
        #expect(none.budget == "Budget: unknown")
        #expect(none.genres == "Genres: none")
        #expect(none.mpaa == "MPAA: unknown")
    }
}
