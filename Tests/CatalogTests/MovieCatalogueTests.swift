import Domain
import Foundation
import Testing

@testable import Catalog

@Suite struct MovieCatalogueTests {
    /// The package's own copy of the catalogue loads every one of its 58,788 films.
    @Test func bundledCatalogueLoadsEveryFilm() throws {
        let summary = try MovieCatalogue.bundled.load()
        #expect(summary.movieCount == 58_788)
        #expect(summary.skippedRows.isEmpty)
        let movies = try MovieCatalogue.bundled.movies()
        #expect(movies.first?.title == "$")
        #expect(movies.map(\.id) == Array(0..<58_788))
    }

    /// The package's catalogue loads through its prebuilt index, not by parsing the CSV.
    @Test func bundledCatalogueUsesItsIndex() throws {
        try MovieCatalogue.bundled.load()
        #expect(MovieCatalogue.bundled.isLoadedFromIndex)
    }

    /// The catalogue is read from the package's own copy, not from the shared data folder.
    @Test func bundledResourceIsInThePackage() throws {
        let path = try #require(MovieCatalogue.bundledResourcePath())
        #expect(path.hasSuffix("Sources/Catalog/Resources/movies.csv"))
        #expect(!path.contains("/shared/"))
    }

    /// A film of the real catalogue has every field the CSV gives.
    @Test func starWarsHasItsFigures() throws {
        let starWars = try #require(try MovieCatalogue.bundled.search("star wars").first)
        #expect(starWars.title == "Star Wars")
        #expect(starWars.year == 1977)
        #expect(starWars.length == 125)
        #expect(starWars.budget == 11_000_000)
        #expect(starWars.rating == 8.8)
        #expect(starWars.votes == 134_640)
        #expect(starWars.mpaa == "PG")
        #expect(starWars.genres == ["Action"])
        #expect(try MovieCatalogue.bundled.movie(id: starWars.id) == starWars)
    }

    /// A catalogue does not read its file until first used.
    @Test func loadsOnFirstUse() throws {
        let path = try #require(MovieCatalogue.bundledResourcePath())
        let catalogue = MovieCatalogue(contentsOfFile: path)
        #expect(!catalogue.isLoaded)
        #expect(try catalogue.matchCount(for: "godfather") > 0)
        #expect(catalogue.isLoaded)
    }

    /// A missing file is an error naming the path and the system's reason, and stays one.
    @Test func missingFileIsAnError() {
        let catalogue = MovieCatalogue(contentsOfFile: "/nonexistent/movies.csv")
        let expected = CatalogueError.unreadable(path: "/nonexistent/movies.csv", reason: "No such file or directory")
        #expect(throws: expected) { try catalogue.load() }
        #expect(throws: expected) { try catalogue.page(1, for: "star") }
        #expect(!catalogue.isLoaded)
        #expect(
            expected.message == "Cannot read the movies catalogue at /nonexistent/movies.csv: No such file or directory"
        )
    }

    /// A directory where the file should be is an error, not a crash.
    @Test func directoryIsAnError() {
        let catalogue = MovieCatalogue(contentsOfFile: NSTemporaryDirectory())
        #expect(throws: CatalogueError.self) { try catalogue.load() }
    }

    /// A file whose header is wrong is the header error.
    @Test func fileWithABadHeaderIsAnError() throws {
        let path = NSTemporaryDirectory() + "bindlab-bad-header-\(UUID().uuidString).csv"
        try "name,when\nX,2000\n".write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(throws: CatalogueError.badHeader(missingColumns: ["title", "year", "length", "rating", "votes"])) {
            try MovieCatalogue(contentsOfFile: path).load()
        }
    }

    /// CSV text makes a catalogue whose skipped rows the load summary reports.
    @Test func catalogueFromCSVText() throws {
        let catalogue = try MovieCatalogue(
            csv: "title,year,length,budget,rating,votes,mpaa,genres\nOne,2000,90,,7,10,,\nbroken\nTwo,2001,91,,8,11,,\n"
        )
        let summary = try catalogue.load()
        #expect(summary.movieCount == 2)
        #expect(summary.skippedRows == [.init(line: 3, reason: .fieldCount(found: 1, expected: 8))])
        #expect(try catalogue.movie(id: 2)?.title == "Two")
        #expect(try catalogue.movie(id: 1) == nil)
    }

    /// Films given in memory in any id order are still found by id.
    @Test func lookupByIdInAnyOrder() throws {
        let catalogue = MovieCatalogue(movies: [film(7, "Seven"), film(3, "Three"), film(5, "Five")])
        #expect(try catalogue.movie(id: 3)?.title == "Three")
        #expect(try catalogue.movie(id: 4) == nil)
    }
}

/// A film with only what search looks at.
func film(_ id: Int, _ title: String, votes: Int = 10) -> Movie {
    Movie(id: id, title: title, year: 2000, length: 90, budget: nil, rating: 7, votes: votes, mpaa: nil, genres: [])
}
