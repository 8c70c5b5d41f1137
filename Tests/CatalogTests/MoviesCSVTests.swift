import Catalog
import Domain
import Testing

@Suite struct MoviesCSVTests {
    static let header = "title,year,length,budget,rating,votes,mpaa,genres"

    /// A quoted title keeps its commas and the row's other fields stay in place.
    @Test func quotedFieldKeepsItsCommas() throws {
        let parsed = try MoviesCSV.parse(
            Self.header + "\r\n\"Three Musketeers, The\",1993,105,30000000,5.9,5000,PG,Action|Comedy\r\n")
        let movie = try #require(parsed.movies.first)
        #expect(movie.title == "Three Musketeers, The")
        #expect(movie.year == 1993)
        #expect(movie.length == 105)
        #expect(movie.budget == 30_000_000)
        #expect(movie.rating == 5.9)
        #expect(movie.votes == 5000)
        #expect(movie.mpaa == "PG")
        #expect(movie.genres == ["Action", "Comedy"])
        #expect(parsed.skippedRows.isEmpty)
    }

    /// Doubled quotes inside a quoted field read as one quote each.
    @Test func doubledQuotesAreUndoubled() throws {
        let parsed = try MoviesCSV.parse(
            Self.header + "\n\"The \"\"Best\"\" Film, Ever\",2000,90,,7,10,,\n\"\"\"Quoted\"\"\",2001,80,,6,3,,\n")
        #expect(parsed.movies.map(\.title) == ["The \"Best\" Film, Ever", "\"Quoted\""])
    }

    /// CRLF, LF and CR line ends all end records, and the last record needs no line end.
    @Test func lineEndsOfEveryKind() throws {
        let text = Self.header + "\r\nA,2000,90,,7,10,,\nB,2001,91,,7,10,,\rC,2002,92,,7,10,,\r\nD,2003,93,,7,10,,"
        let parsed = try MoviesCSV.parse(text)
        #expect(parsed.movies.map(\.title) == ["A", "B", "C", "D"])
        #expect(parsed.movies.map(\.id) == [0, 1, 2, 3])
        #expect(parsed.movies.last?.length == 93)
    }

    /// A quoted field may hold a line break; the next record's line number counts it.
    @Test func quotedLineBreak() throws {
        let parsed = try MoviesCSV.parse(Self.header + "\r\n\"Two\r\nLines\",2000,90,,7,10,,\r\nBad,x,90,,7,10,,\r\n")
        #expect(parsed.movies.map(\.title) == ["Two\r\nLines"])
        #expect(parsed.skippedRows == [MoviesCSV.SkippedRow(line: 4, reason: .badValue(column: "year"))])
    }

    /// Empty budget and MPAA are nil, empty genres none, an empty year unknown.
    @Test func emptyFieldsMeanUnknown() throws {
        let parsed = try MoviesCSV.parse(Self.header + "\nQuiet,,,,6.5,12,,\n")
        let movie = try #require(parsed.movies.first)
        #expect(movie.year == nil)
        #expect(movie.length == nil)
        #expect(movie.budget == nil)
        #expect(movie.mpaa == nil)
        #expect(movie.genres.isEmpty)
        #expect(movie.rating == 6.5)
    }

    /// Bad rows are skipped with their line and reason; the good rows around them are read, and ids keep counting.
    @Test func malformedRowsAreSkippedAndCounted() throws {
        let text = [
            Self.header,
            "Good One,2000,90,,7,10,,",  // line 2, id 0
            "Too Few,2000,90",  // line 3
            "Stray \"Quote,2000,90,,7,10,,",  // line 4
            "\"Closed\" then text,2000,90,,7,10,,",  // line 5
            ",2000,90,,7,10,,",  // line 6: no title
            "No Votes,2000,90,,7,,,",  // line 7
            "Bad Rating,2000,90,,high,10,,",  // line 8
            "Huge,2000,90,99999999999999999999,7,10,,",  // line 9
            "",  // line 10: blank, not a record
            "Good Two,2001,91,,8,11,,",  // line 11, id 8
            "\"Never closed,2000,90,,7,10,,",  // line 12
            "Good Three,2002,92,,9,12,,",  // line 13, id 10: found again after the open quote
        ].joined(separator: "\r\n")
        let parsed = try MoviesCSV.parse(text)
        #expect(parsed.movies.map(\.title) == ["Good One", "Good Two", "Good Three"])
        #expect(parsed.movies.map(\.id) == [0, 8, 10])
        #expect(
            parsed.skippedRows == [
                .init(line: 3, reason: .fieldCount(found: 3, expected: 8)),
                .init(line: 4, reason: .strayQuote),
                .init(line: 5, reason: .strayQuote),
                .init(line: 6, reason: .missingTitle),
                .init(line: 7, reason: .badValue(column: "votes")),
                .init(line: 8, reason: .badValue(column: "rating")),
                .init(line: 9, reason: .badValue(column: "budget")),
                .init(line: 12, reason: .unterminatedQuote),
            ])
    }

    /// Columns are found by name, in any order; a byte order mark is ignored; unknown columns too.
    @Test func columnsByNameAfterAByteOrderMark() throws {
        let parsed = try MoviesCSV.parse("\u{FEFF}votes,title,extra,rating,length,year\n42,Reordered,x,7.5,100,1999\n")
        let movie = try #require(parsed.movies.first)
        #expect(movie.title == "Reordered")
        #expect(movie.votes == 42)
        #expect(movie.year == 1999)
        #expect(movie.genres.isEmpty)
        #expect(movie.mpaa == nil)
    }

    /// A header without a required column is an error that names it; no text at all has no header.
    @Test func badHeaderIsAnError() {
        #expect(throws: CatalogueError.badHeader(missingColumns: ["votes"])) {
            try MoviesCSV.parse("title,year,length,rating\nX,2000,90,7\n")
        }
        #expect(throws: CatalogueError.badHeader(missingColumns: [])) { try MoviesCSV.parse("") }
        #expect(CatalogueError.badHeader(missingColumns: ["votes"]).message.contains("votes"))
    }

    /// Ratings read as the same doubles Swift's own parser gives, plain or not.
    @Test(arguments: ["6.4", "10", "0.1", "8.25", "1e1", "-2.5", "7."])
    func ratingsParseExactly(_ text: String) throws {
        let parsed = try MoviesCSV.parse(Self.header + "\nX,2000,90,,\(text),10,,\n")
        #expect(parsed.movies.first?.rating == Double(text))
    }

    /// Text that is not a number, or not finite, is not a rating.
    @Test(arguments: ["", ".", "-", "nan", "inf", "6,4", " 6"])
    func nonNumbersAreNotRatings(_ text: String) throws {
        let field = text.contains(",") ? "\"\(text)\"" : text
        let parsed = try MoviesCSV.parse(Self.header + "\nX,2000,90,,\(field),10,,\n")
        #expect(parsed.movies.isEmpty)
        #expect(parsed.skippedRows.map(\.reason) == [.badValue(column: "rating")])
    }

    /// Empty genre parts between separators are dropped.
    @Test func genresSplitOnBars() throws {
        let parsed = try MoviesCSV.parse(Self.header + "\nX,2000,90,,7,10,R,Drama||Short|\n")
        #expect(parsed.movies.first?.genres == ["Drama", "Short"])
        #expect(parsed.movies.first?.mpaa == "R")
    }
}
