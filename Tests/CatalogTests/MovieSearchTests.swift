import Catalog
import Domain
import Testing

@Suite struct MovieSearchTests {
    static let films = MovieCatalogue(movies: [
        film(0, "Star Wars", votes: 100),
        film(1, "Star Wars: Episode I - The Phantom Menace", votes: 80),
        film(2, "Lucky Star", votes: 500),
        film(3, "Stardust", votes: 50),
        film(4, "Wars of the Stars", votes: 5),
        film(5, "Café Society", votes: 20),
        film(6, "Fabuleux destin d'Amélie Poulain, Le", votes: 30),
        film(7, "Midsummer Night's Dream, A", votes: 40),
        film(8, "Ærø Straße", votes: 1),
        film(9, "Mustard", votes: 1),
        film(10, "STAR WARS", votes: 1),
        film(11, "O Brother, Where Art Thou?", votes: 60),
        film(12, "Brother Bear", votes: 70),
    ])

    func titles(_ query: String) throws -> [String] {
        try Self.films.search(query).map(\.title)
    }

    /// Case does not matter, in the query or in the title.
    @Test func caseInsensitive() throws {
        #expect(try titles("sTaR wArS").contains("Star Wars"))
        #expect(try titles("star wars").contains("STAR WARS"))
    }

    /// Diacritics do not matter either way: "e" finds "é" and "é" finds "e".
    @Test func diacriticInsensitive() throws {
        #expect(try titles("cafe") == ["Café Society"])
        #expect(try titles("CAFÉ") == ["Café Society"])
        #expect(try titles("aero strasse") == ["Ærø Straße"])
    }

    /// Every query word must start a title word, the last one too.
    @Test func everyWordMatchesByPrefix() throws {
        // "sta wa" is no prefix of "star wars": all four are word matches, by votes.
        #expect(
            try titles("sta wa") == [
                "Star Wars", "Star Wars: Episode I - The Phantom Menace", "Wars of the Stars", "STAR WARS",
            ])
        #expect(try titles("star trek").isEmpty)
        #expect(try titles("tar").isEmpty)  // inside a word, not at its start
        #expect(try titles("phantom menace i").count == 1)
    }

    /// An apostrophe joins a word, and what follows it is findable on its own.
    @Test func apostrophes() throws {
        #expect(try titles("nights dream") == ["Midsummer Night's Dream, A"])
        #expect(try titles("night's") == ["Midsummer Night's Dream, A"])
        #expect(try titles("amelie") == ["Fabuleux destin d'Amélie Poulain, Le"])
        #expect(try titles("d'amélie") == ["Fabuleux destin d'Amélie Poulain, Le"])
    }

    /// A query typed with an apostrophe also finds the title that spells it as two words: "o'brother" finds "O Brother, Where Art Thou?" first.
    @Test func apostropheInTheQuerySplitsToo() throws {
        #expect(try titles("o'brother") == ["O Brother, Where Art Thou?"])
        #expect(try titles("o’brother where") == ["O Brother, Where Art Thou?"])
        #expect(try titles("brother") == ["Brother Bear", "O Brother, Where Art Thou?"])
        #expect(try Self.films.page(1, for: "o'brother").movies.map(\.title) == ["O Brother, Where Art Thou?"])
        #expect(try Self.films.matchCount(for: "obrother") == 0, "without the apostrophe it is one word")
    }

    /// Exact titles come first, then titles starting with the query, then word matches; each by votes.
    @Test func rankingExactThenPrefixThenWords() throws {
        // Exact: Star Wars (100), STAR WARS (1). Prefix: Star Wars: Episode I (80).
        // Words: Lucky Star (500) has no "wars"; Wars of the Stars (5) matches both words.
        #expect(
            try titles("star wars") == [
                "Star Wars", "STAR WARS", "Star Wars: Episode I - The Phantom Menace", "Wars of the Stars",
            ])
        // Prefix matches by votes (Star Wars 100, Episode I 80, Stardust 50, STAR WARS 1), then word matches.
        #expect(
            try titles("star") == [
                "Star Wars", "Star Wars: Episode I - The Phantom Menace", "Stardust", "STAR WARS", "Lucky Star",
                "Wars of the Stars",
            ])
    }

    /// Equal votes fall back to the title, then to the id.
    @Test func tiesBreakOnTitleThenId() throws {
        let catalogue = MovieCatalogue(movies: [
            film(4, "Zulu Moon", votes: 3), film(2, "Alpha Moon", votes: 3), film(9, "Alpha Moon", votes: 3),
            film(1, "Alpha Moon", votes: 3), film(5, "Moon", votes: 1),
        ])
        #expect(try catalogue.search("moon").map(\.id) == [5, 1, 2, 9, 4])
    }

    /// A query with no letters or digits finds nothing and has no pages.
    @Test(arguments: ["", "   ", "\t\n", "&", "--", "'"])
    func emptyQueryFindsNothing(_ query: String) throws {
        #expect(try titles(query).isEmpty)
        #expect(try Self.films.page(1, for: query) == MoviesPage(page: 1, totalPages: 0, movies: []))
    }

    /// Pages hold 20 films; the last holds the rest; beyond it and before the first are empty.
    @Test func paging() throws {
        let catalogue = MovieCatalogue(movies: (0..<45).map { film($0, "Film \($0)", votes: 100 - $0) })
        let first = try catalogue.page(1, for: "film")
        #expect(first.totalPages == 3)
        #expect(first.movies.map(\.id) == Array(0..<20))
        #expect(try catalogue.page(2, for: "film").movies.map(\.id) == Array(20..<40))
        let last = try catalogue.page(3, for: "film")
        #expect(last.movies.map(\.id) == Array(40..<45))
        #expect(last.page == 3)
        #expect(try catalogue.page(4, for: "film") == MoviesPage(page: 4, totalPages: 3, movies: []))
        #expect(try catalogue.page(0, for: "film").movies.isEmpty)
        #expect(try catalogue.page(-1, for: "film").movies.isEmpty)
        #expect(try catalogue.page(.max, for: "film").movies.isEmpty)
    }

    /// Exactly 20 matches make one page, 21 two.
    @Test func pageCountRoundsUp() throws {
        let twenty = MovieCatalogue(movies: (0..<20).map { film($0, "Film \($0)", votes: 100 - $0) })
        #expect(try twenty.page(1, for: "film").totalPages == 1)
        let twentyOne = MovieCatalogue(movies: (0..<21).map { film($0, "Film \($0)", votes: 100 - $0) })
        #expect(try twentyOne.page(1, for: "film").totalPages == 2)
        #expect(try twentyOne.page(2, for: "film").movies.map(\.id) == [20])
    }

    /// Switching queries and coming back gives the same pages (the cached ranking is the query's own).
    @Test func pagesStayConsistentAcrossQueries() throws {
        let catalogue = MovieCatalogue.bundled
        let all = try catalogue.search("love")
        _ = try catalogue.page(1, for: "war")
        let second = try catalogue.page(2, for: "love")
        #expect(second.movies == Array(all[20..<40]))
        #expect(second.totalPages == (all.count + 19) / 20)
    }

    /// On the real catalogue, "star wars" starts with the 1977 film, then the titles starting with it by votes.
    @Test func starWarsOnTheRealCatalogue() throws {
        let page = try MovieCatalogue.bundled.page(1, for: "star wars")
        #expect(page.movies.first?.title == "Star Wars")
        #expect(page.movies.first?.year == 1977)
        #expect(
            page.movies.map(\.title).prefix(5) == [
                "Star Wars",
                "Star Wars: Episode V - The Empire Strikes Back",
                "Star Wars: Episode I - The Phantom Menace",
                "Star Wars: Episode VI - Return of the Jedi",
                "Star Wars: Episode II - Attack of the Clones",
            ])
        #expect(page.totalPages >= 1)
    }

    /// A common word pages through thousands of real titles, each page full until the last.
    @Test func commonWordOnTheRealCatalogue() throws {
        let count = try MovieCatalogue.bundled.matchCount(for: "the")
        #expect(count > 10_000)
        let totalPages = (count + 19) / 20
        let last = try MovieCatalogue.bundled.page(totalPages, for: "the")
        #expect(last.totalPages == totalPages)
        #expect(last.movies.count == count - (totalPages - 1) * 20)
        #expect(try MovieCatalogue.bundled.page(totalPages + 1, for: "the").movies.isEmpty)
    }
}
