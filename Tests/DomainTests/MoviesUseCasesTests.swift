import Domain
import Testing

@Suite struct SearchMoviesUseCaseTests {
    static let page = MoviesPage(
        page: 1, totalPages: 3,
        movies: [
            Movie(
                id: 0, title: "Star Wars", year: 1977, length: 125, budget: 11_000_000, rating: 8.8, votes: 134_640,
                mpaa: "PG", genres: ["Action"])
        ])

    /// A successful search answers the page and remembers the query.
    @Test func successSavesTheQuery() {
        let movies = FakeMoviesRepository(result: .success(Self.page))
        let queries = FakeQueriesRepository()
        let useCase = SearchMoviesUseCase(moviesRepository: movies, moviesQueriesRepository: queries)
        var result: Result<MoviesPage, DataError>?
        useCase.execute(requestValue: .init(query: MovieQuery(query: "star wars"), page: 2)) { result = $0 }
        #expect(result == .success(Self.page))
        #expect(queries.saved == [MovieQuery(query: "star wars")])
        #expect(movies.requests.map(\.query) == [MovieQuery(query: "star wars")])
        #expect(movies.requests.map(\.page) == [2])
    }

    /// A failed search passes the error through and remembers nothing.
    @Test(arguments: [DataError.notConnected, .failed(reason: "Failed loading movies"), .cancelled])
    func failurePassesTheErrorAndSavesNothing(_ error: DataError) {
        let movies = FakeMoviesRepository(result: .failure(error))
        let queries = FakeQueriesRepository()
        let useCase = SearchMoviesUseCase(moviesRepository: movies, moviesQueriesRepository: queries)
        var result: Result<MoviesPage, DataError>?
        useCase.execute(requestValue: .init(query: MovieQuery(query: "star wars"), page: 1)) { result = $0 }
        #expect(result == .failure(error))
        #expect(queries.saved.isEmpty)
    }

    /// The use case hands back the repository's own token, so cancelling it calls off the request.
    @Test func returnsTheRepositoryToken() {
        let movies = FakeMoviesRepository(result: .success(Self.page))
        let useCase = SearchMoviesUseCase(moviesRepository: movies, moviesQueriesRepository: FakeQueriesRepository())
        let token = useCase.execute(requestValue: .init(query: MovieQuery(query: "x"), page: 1)) { _ in }
        token.cancel()
        #expect(token === movies.token)
        #expect(movies.token.cancelCount == 1)
    }
}

@Suite struct FetchRecentMovieQueriesUseCaseTests {
    /// By default the use case asks for the ten most recent queries, and answers them in order.
    @Test func asksForTenByDefault() {
        let queries = FakeQueriesRepository()
        queries.stored = (1...12).map { MovieQuery(query: "q\($0)") }
        var result: Result<[MovieQuery], DataError>?
        FetchRecentMovieQueriesUseCase(moviesQueriesRepository: queries).execute { result = $0 }
        #expect(FetchRecentMovieQueriesUseCase.maxCount == 10)
        #expect(queries.fetchedMaxCounts == [10])
        #expect(result == .success((1...10).map { MovieQuery(query: "q\($0)") }))
    }

    /// A smaller bound is passed on to the repository.
    @Test func passesASmallerBound() {
        let queries = FakeQueriesRepository()
        queries.stored = [MovieQuery(query: "a"), MovieQuery(query: "b")]
        var result: Result<[MovieQuery], DataError>?
        FetchRecentMovieQueriesUseCase(moviesQueriesRepository: queries).execute(maxCount: 1) { result = $0 }
        #expect(queries.fetchedMaxCounts == [1])
        #expect(result == .success([MovieQuery(query: "a")]))
    }
}
