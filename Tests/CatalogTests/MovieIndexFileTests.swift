import Domain
import Foundation
import Testing

@testable import Catalog

/// The prebuilt index the package's catalogue loads through (`movies.index`):
/// in step with the CSV, answering what parsing the CSV answers, and never
/// trusted when damaged.
@Suite struct MovieIndexFileTests {
    static let csvPath = CatalogueFiles.packageCSVPath
    static let indexPath = CatalogueFiles.packageIndexPath

    /// The committed movies.index is byte for byte what `catalog-index` makes from the committed movies.csv (run `swift run catalog-index` after changing the CSV).
    @Test func committedIndexIsWhatTheGeneratorMakes() throws {
        let made = try MovieIndexFile.make(csv: CatalogueFiles.readFile(atPath: Self.csvPath))
        let committed = try CatalogueFiles.readFile(atPath: Self.indexPath)
        #expect(made.count == committed.count)
        #expect(made == committed, "movies.index is stale: run swift run catalog-index")
        #expect(made.count < 2_500_000)
    }

    /// Through the index, every query answers the films, in the order, that parsing the CSV answers.
    @Test func indexAnswersWhatParsingAnswers() throws {
        let indexed = MovieCatalogue(contentsOfFile: Self.csvPath, indexedBy: Self.indexPath)
        let parsed = MovieCatalogue(contentsOfFile: Self.csvPath)
        let queries = [
            "the godfather", "matrix", "o'brother", "star wars", "the", "love", "a", "night's", "amelie", "zzzz",
            "s", "man of", "2001", "$", "!!",
        ]
        for query in queries {
            #expect(try indexed.search(query) == parsed.search(query), "\(query)")
        }
        #expect(try indexed.page(3, for: "love") == parsed.page(3, for: "love"))
        #expect(try indexed.movies() == parsed.movies())
        for id in [0, 1, 29_000, 58_787, 58_788, -1] {
            #expect(try indexed.movie(id: id) == parsed.movie(id: id))
        }
        #expect(try indexed.load() == parsed.load())
        #expect(indexed.isLoadedFromIndex)
        #expect(!parsed.isLoadedFromIndex)
    }

    /// The known answers hold through the index: exact title first, then prefixes, then word matches.
    @Test func knownAnswersThroughTheIndex() throws {
        let indexed = MovieCatalogue(contentsOfFile: Self.csvPath, indexedBy: Self.indexPath)
        let godfather = try #require(try indexed.search("the godfather").first)
        #expect(godfather.title == "Godfather, The" && godfather.year == 1972)
        #expect(
            try indexed.search("matrix").prefix(3).map(\.title) == [
                "Matrix, The", "Matrix Reloaded, The", "Matrix Revolutions, The",
            ])
        #expect(try indexed.search("o'brother").contains { $0.title == "O Brother, Where Art Thou?" })
    }

    /// A missing, truncated, foreign or stale index is refused, and the catalogue parses the CSV instead, with the same answers.
    @Test func damagedIndexFallsBackToTheCSV() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("bindlab-index-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let good = try CatalogueFiles.readFile(atPath: Self.indexPath)
        var stale = good
        stale[12] ^= 1  // the CSV size it was made from
        var outOfBounds = good
        for offset in (16 + 8 * 58_788)..<(16 + 8 * 58_788 + 4) { outOfBounds[offset] = 0xFF }  // a record start
        let damaged: [String: [UInt8]] = [
            "truncated": Array(good.prefix(good.count - 2)), "foreign": Array("title,year\n".utf8), "stale": stale,
            "empty": [], "out-of-bounds": outOfBounds,
        ]
        let reference = try MovieCatalogue(contentsOfFile: Self.csvPath).search("the godfather")
        for (name, bytes) in damaged {
            let path = folder.appendingPathComponent(name).path
            try Data(bytes).write(to: URL(fileURLWithPath: path))
            #expect(throws: (any Error).self, "\(name)") {
                try MappedCatalogue.open(csv: Self.csvPath, index: path).get()
            }
            let catalogue = MovieCatalogue(contentsOfFile: Self.csvPath, indexedBy: path)
            #expect(try catalogue.search("the godfather") == reference, "\(name)")
            #expect(!catalogue.isLoadedFromIndex, "\(name)")
        }
        let missing = MovieCatalogue(
            contentsOfFile: Self.csvPath, indexedBy: folder.appendingPathComponent("none").path)
        #expect(try missing.load().movieCount == 58_788)
    }
}
