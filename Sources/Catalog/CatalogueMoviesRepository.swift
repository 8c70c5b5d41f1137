public import Domain

/// Seed 004's movies repository over the catalogue, behind the simulated network.
///
/// A fetch is answered `network.latency` milliseconds later through the
/// injected scheduler (the playground's virtual clock), as a server would:
/// the search itself runs when the answer is due. When the network is set to
/// fail, the answer is `DataError.notConnected`; when the catalogue cannot be
/// read, `DataError.failed` with the catalogue's message. Cancelling the
/// returned token before the answer is due means the completion never runs.
public final class CatalogueMoviesRepository: MoviesRepository {
    public static var pageSize: Int { MovieCatalogue.pageSize }

    /// The films searched.
    public let catalogue: MovieCatalogue
    private let scheduler: any DelayScheduler
    private let network: NetworkConditions

    /// A repository answering from `catalogue` (by default the package's own).
    public init(
        catalogue: MovieCatalogue = .bundled, scheduler: any DelayScheduler, network: NetworkConditions
    ) {
        self.catalogue = catalogue
        self.scheduler = scheduler
        self.network = network
    }

    @discardableResult
    public func fetchMoviesList(
        query: MovieQuery, page: Int,
        completion: @escaping (Result<MoviesPage, DataError>) -> Void
    ) -> any Cancellable {
        let catalogue = self.catalogue
        let network = self.network
        return scheduler.schedule(after: network.latency) {
            if network.takeFailure() {
                completion(.failure(.notConnected))
                return
            }
            do throws(CatalogueError) {
                completion(.success(try catalogue.page(page, for: query.query)))
            } catch {
                completion(.failure(.failed(reason: error.message)))
            }
        }
    }

    /// The film with `id`, at once (the details screen already has its film
    /// from the page; this is for the shell's explanations and tests).
    public func movie(id: Movie.ID) -> Result<Movie?, DataError> {
        do {
            return .success(try catalogue.movie(id: id))
        } catch {
            return .failure(.failed(reason: error.message))
        }
    }
}
