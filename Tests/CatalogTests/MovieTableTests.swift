import Domain
import Foundation
import Testing

@testable import Catalog

/// The compact storage behind `MovieCatalogue` and what loading fast relies on:
/// films come back exactly as given, and splitting the work across threads
/// never changes a result.
@Suite struct MovieTableTests {
    // MARK: Genres

    /// Every set of the seven genres spells its names, and the names (as a
    /// list or as CSV bytes) give the set back.
    @Test func genreSetsRoundTrip() {
        for raw in 0..<UInt8(1 << GenreSet.names.count) {
            let set = GenreSet(rawValue: raw)
            #expect(GenreSet(exactly: set.names) == set)
            let list = Array(set.names.joined(separator: "|").utf8)
            #expect(list.withUnsafeBufferPointer { GenreSet(list: $0) } == set)
        }
        #expect(GenreSet.names.count == 7)
    }

    /// A list a set cannot spell is refused, so that the film is kept whole.
    @Test(arguments: [["Western"], ["Drama", "Comedy"], ["Drama", "Drama"], [""], ["drama"], ["Dramas"]])
    func unusualGenreListsAreNotSets(_ genres: [String]) {
        #expect(GenreSet(exactly: genres) == nil)
        let list = Array(genres.joined(separator: "|").utf8)
        if !genres.allSatisfy(\.isEmpty) {
            #expect(list.withUnsafeBufferPointer { GenreSet(list: $0) } == nil)
        }
    }

    /// Empty parts of a CSV genre list are not genres, as the reader has always read them.
    @Test func emptyGenrePartsAreSkipped() {
        let list = Array("|Drama||Short|".utf8)
        #expect(list.withUnsafeBufferPointer { GenreSet(list: $0) }?.names == ["Drama", "Short"])
    }

    // MARK: Rows

    /// A row stays 40 bytes: loading is bound by the memory it touches.
    @Test func rowsAreForty() {
        #expect(MemoryLayout<MovieTable.Row>.stride == 40)
    }

    /// Films that do not fit a row come back exactly, beside those that do.
    @Test func filmsThatDoNotFitARowAreKeptWhole() throws {
        let films = [
            film(0, "Fits"),
            Movie(
                id: 1, title: "Huge Budget", year: 2000, length: 90, budget: 9_000_000_000, rating: 7, votes: 3,
                mpaa: "R", genres: ["Drama"]),
            Movie(
                id: 2, title: "Long Ago", year: 40_000, length: nil, budget: nil, rating: 1, votes: 0, mpaa: "",
                genres: []),
            Movie(
                id: 3, title: "Odd Genres", year: nil, length: 70_000, budget: nil, rating: 2.5, votes: 5, mpaa: nil,
                genres: ["Western", "Drama", "Drama", ""]),
            Movie(
                id: Int(Int32.max) + 10, title: String(repeating: "Long ", count: 14_000), year: 1999, length: 1,
                budget: 1, rating: 9.9, votes: Int(Int32.max) + 1, mpaa: String(repeating: "M", count: 300),
                genres: ["Short", "Action"]),
            film(-5, "Negative Id", votes: -3),
        ]
        let table = MovieTable(movies: films)
        #expect(table.movies() == films)
        let catalogue = MovieCatalogue(movies: films)
        #expect(try catalogue.movies() == films)
        for film in films { #expect(try catalogue.movie(id: film.id) == film) }
        #expect(try catalogue.search("odd genres").first == films[3])
        #expect(try catalogue.search("long").map(\.id) == [films[4].id, 2])
    }

    /// A parsed film that does not fit a row (doubled quotes, an unusual
    /// genre list) is read exactly as a plain one would be.
    @Test func parsedFilmsThatDoNotFitARow() throws {
        let csv = """
            title,year,length,budget,rating,votes,mpaa,genres
            "The ""Best"" Film",2000,90,,7,10,"P""G",Drama
            Reordered,2001,91,,8,11,R,Short|Drama
            Unknown Genre,2002,92,,9,12,,Western
            Big,2003,93,99999999999,9,13,,
            Plain,2004,94,,6,14,PG,Comedy|Drama
            """
        let parsed = try MoviesCSV.parse(csv)
        #expect(parsed.movies.map(\.title) == ["The \"Best\" Film", "Reordered", "Unknown Genre", "Big", "Plain"])
        #expect(parsed.movies[0].mpaa == "P\"G")
        #expect(parsed.movies[1].genres == ["Short", "Drama"])
        #expect(parsed.movies[2].genres == ["Western"])
        #expect(parsed.movies[3].budget == 99_999_999_999)
        #expect(parsed.movies[4].genres == ["Comedy", "Drama"])
        #expect(parsed.movies.map(\.id) == [0, 1, 2, 3, 4])
        let catalogue = try MovieCatalogue(csv: csv)
        #expect(try catalogue.movie(id: 0) == parsed.movies[0])
        #expect(try catalogue.search("best").first == parsed.movies[0])
    }

    // MARK: Popularity order

    /// Equal titles and votes rank by id, even when the films come in title
    /// order with their ids descending (the sort cannot then be skipped).
    @Test func equalTitlesInTitleOrderStillRankById() throws {
        let catalogue = MovieCatalogue(movies: [film(5, "Moon", votes: 7), film(3, "Moon", votes: 7)])
        #expect(try catalogue.search("moon").map(\.id) == [3, 5])
    }

    /// Titles in byte order but not in `String` order ("e" + combining acute
    /// is "é", after "f") are still ranked as strings compare.
    @Test func decomposedTitlesRankAsStrings() throws {
        let catalogue = MovieCatalogue(movies: [film(0, "e\u{301} moon", votes: 7), film(1, "f moon", votes: 7)])
        #expect(try catalogue.search("moon").map(\.id) == [1, 0])
    }

    // MARK: Work split across threads

    /// However the real catalogue is cut into runs, parsing gives the same films.
    @Test func parseRunsDoNotChangeTheCatalogue() throws {
        let path = try #require(MovieCatalogue.bundledResourcePath())
        let bytes = try CatalogueFiles.readFile(atPath: path)
        let (reference, skipped) = try MoviesCSV.parseTable(bytes, runs: 1)
        #expect(skipped.isEmpty)
        #expect(reference.isInTitleOrder)
        #expect(reference.idsAscend)
        let films = reference.movies()
        for runs in [2, 3, 8] {
            let (table, skipped) = try MoviesCSV.parseTable(bytes, runs: runs)
            #expect(table.movies() == films)
            #expect(skipped.isEmpty)
            #expect(table.isInTitleOrder)
        }
    }

    /// A cut inside a quoted line break (or after it) is found out and read
    /// again: rows, ids and the lines of skipped records are those of one
    /// sequential read.
    @Test func runsCutInsideQuotedFields() throws {
        var lines = ["title,year,length,budget,rating,votes,mpaa,genres"]
        for index in 0..<300 {
            switch index % 7 {
            case 0: lines.append("\"Line\nbreak \(index)\",2000,90,,7,\(index),,Drama")
            case 1: lines.append("Broken \(index),x,90,,7,1,,")
            case 2: lines.append("")
            case 3: lines.append("\"Two\n\nbreaks, \(index)\",2001,91,,6,2,PG,")
            default: lines.append("Film \(index),2002,92,,5,\(index),,Short")
            }
        }
        let bytes = Array(lines.joined(separator: "\r\n").utf8)
        let (reference, referenceSkips) = try MoviesCSV.parseTable(bytes, runs: 1)
        #expect(reference.count > 200)
        #expect(!referenceSkips.isEmpty)
        for runs in 2...12 {
            let (table, skipped) = try MoviesCSV.parseTable(bytes, runs: runs)
            #expect(table.movies() == reference.movies(), "\(runs) runs")
            #expect(skipped == referenceSkips, "\(runs) runs")
        }
    }

    /// However the titles are split for folding, every search ranks the same.
    @Test func indexPartsDoNotChangeSearches() throws {
        let path = try #require(MovieCatalogue.bundledResourcePath())
        let table = try MoviesCSV.parseTable(try CatalogueFiles.readFile(atPath: path)).0
        let one = MovieSearchIndex(table: table, parts: 1)
        let queries = ["star wars", "the", "love", "a", "s", "night of the", "zzzz", "cafe", "o'", "2001"]
        for parts in [2, 3, 5] {
            let index = MovieSearchIndex(table: table, parts: parts)
            for query in queries {
                let words = TitleFolding.words(of: query)
                #expect(index.search(words: words) == one.search(words: words), "\(parts) parts, \(query)")
            }
        }
    }

    // MARK: The file

    /// A file large enough to be read in parts at once comes back byte for byte.
    @Test func largeFilesAreReadWhole() throws {
        let path = NSTemporaryDirectory() + "bindlab-large-\(UUID().uuidString).bin"
        let bytes = (0..<3_000_001).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 9) }
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(try CatalogueFiles.readFile(atPath: path) == bytes)
    }

    /// An empty file reads as no bytes.
    @Test func emptyFilesAreRead() throws {
        let path = NSTemporaryDirectory() + "bindlab-empty-\(UUID().uuidString).csv"
        try Data().write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(try CatalogueFiles.readFile(atPath: path) == [])
    }

    /// The catalogue is the package's own copy, in the Catalog module's sources.
    @Test func resourcePathIsInThePackageSources() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let expected = root.appendingPathComponent("Sources/Catalog/Resources/movies.csv").path
        #expect(MovieCatalogue.bundledResourcePath() == expected)
    }
}
