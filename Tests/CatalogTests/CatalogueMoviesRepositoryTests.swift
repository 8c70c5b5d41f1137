import BindingKit
import Catalog
import Domain
import Playground
import Testing

@Suite struct CatalogueMoviesRepositoryTests {
    static let catalogue = MovieCatalogue(movies: (0..<30).map { film($0, "Film \($0)", votes: 100 - $0) })

    /// Makes a repository on a virtual clock, and a place to collect its answers.
    func make(latency: Int = 1000, failure: NetworkConditions.FailureMode = .off)
        -> (CatalogueMoviesRepository, VirtualScheduler, NetworkConditions)
    {
        let scheduler = VirtualScheduler()
        let network = NetworkConditions(latency: latency, failureMode: failure)
        return (
            CatalogueMoviesRepository(catalogue: Self.catalogue, scheduler: scheduler, network: network), scheduler,
            network
        )
    }

    /// The page arrives when the latency has passed, not a millisecond earlier.
    @Test func answersAfterTheLatency() throws {
        let (repository, scheduler, _) = make(latency: 250)
        var results: [Result<MoviesPage, DataError>] = []
        repository.fetchMoviesList(query: MovieQuery(query: "film"), page: 2) { results.append($0) }
        scheduler.advance(by: 249)
        #expect(results.isEmpty)
        scheduler.advance(by: 1)
        let page = try #require(results.first).get()
        #expect(results.count == 1)
        #expect(page.page == 2)
        #expect(page.totalPages == 2)
        #expect(page.movies.map(\.id) == Array(20..<30))
        #expect(scheduler.now == 250)
    }

    /// A page is 20 films, as the catalogue's.
    @Test func pageSizeIsTwenty() {
        #expect(CatalogueMoviesRepository.pageSize == 20)
    }

    /// `fail next` fails one request with "not connected", and the next succeeds.
    @Test func failNextFailsOnce() {
        let (repository, scheduler, network) = make(failure: .next)
        var results: [Result<MoviesPage, DataError>] = []
        repository.fetchMoviesList(query: MovieQuery(query: "film"), page: 1) { results.append($0) }
        repository.fetchMoviesList(query: MovieQuery(query: "film"), page: 1) { results.append($0) }
        scheduler.advance(by: 1000)
        #expect(results.count == 2)
        #expect(results.first.map { if case .failure(.notConnected) = $0 { true } else { false } } == true)
        #expect((try? results.last?.get())?.movies.count == 20)
        #expect(network.failureMode == .off)
    }

    /// `fail always` fails every request until it is turned off.
    @Test func failAlwaysFailsEveryRequest() {
        let (repository, scheduler, network) = make(failure: .always)
        var errors: [DataError] = []
        for _ in 0..<3 {
            repository.fetchMoviesList(query: MovieQuery(query: "film"), page: 1) {
                if case .failure(let error) = $0 { errors.append(error) }
            }
        }
        scheduler.advance(by: 1000)
        #expect(errors == [.notConnected, .notConnected, .notConnected])
        network.failureMode = .off
        var succeeded = false
        repository.fetchMoviesList(query: MovieQuery(query: "film"), page: 1) { succeeded = (try? $0.get()) != nil }
        scheduler.advance(by: 1000)
        #expect(succeeded)
    }

    /// A cancelled request never calls its completion, and takes no failure from `fail next`.
    @Test func cancelledRequestNeverAnswers() {
        let (repository, scheduler, network) = make(failure: .next)
        var called = false
        let request = repository.fetchMoviesList(query: MovieQuery(query: "film"), page: 1) { _ in called = true }
        scheduler.advance(by: 500)
        request.cancel()
        request.cancel()  // harmless twice
        scheduler.advance(by: 5000)
        #expect(!called)
        #expect(scheduler.isIdle)
        #expect(network.failureMode == .next)
    }

    /// A catalogue that cannot be read answers a failure with its message, not a crash.
    @Test func unreadableCatalogueIsAFailure() {
        let scheduler = VirtualScheduler()
        let repository = CatalogueMoviesRepository(
            catalogue: MovieCatalogue(contentsOfFile: "/nonexistent/movies.csv"), scheduler: scheduler,
            network: NetworkConditions(latency: 10))
        var result: Result<MoviesPage, DataError>?
        repository.fetchMoviesList(query: MovieQuery(query: "star"), page: 1) { result = $0 }
        scheduler.advance(by: 10)
        let expected = CatalogueError.unreadable(path: "/nonexistent/movies.csv", reason: "No such file or directory")
        #expect(result == .failure(.failed(reason: expected.message)))
        #expect(repository.movie(id: 1) == .failure(.failed(reason: expected.message)))
    }

    /// A film is found by its id, and an unknown id is nil.
    @Test func lookupById() {
        let (repository, _, _) = make()
        #expect(repository.movie(id: 7) == .success(film(7, "Film 7", votes: 93)))
        #expect(repository.movie(id: 99) == .success(nil))
    }

    /// A search through the repository uses the real catalogue by default.
    @Test func defaultsToTheBundledCatalogue() throws {
        let scheduler = VirtualScheduler()
        let repository = CatalogueMoviesRepository(scheduler: scheduler, network: NetworkConditions(latency: 0))
        var page: MoviesPage?
        repository.fetchMoviesList(query: MovieQuery(query: "godfather"), page: 1) { page = try? $0.get() }
        scheduler.advance(by: 0)
        #expect(page?.movies.first?.title == "Godfather, The")
    }
}
