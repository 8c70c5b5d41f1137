public import Domain

/// The orders provider of seed 001: `count` orders named "Order", ids from 0,
/// answered after the network's latency.
public final class GeneratedOrdersRepository: OrdersRepository {
    /// The article's list: 100 orders.
    public static let defaultCount = 100
    /// The largest list `orders load N` may ask for.
    public static let maximumCount = 1_000_000

    /// How many orders the next fetch answers.
    public var count: Int
    private let scheduler: any DelayScheduler
    private let network: NetworkConditions

    public init(
        scheduler: any DelayScheduler, network: NetworkConditions,
        count: Int = GeneratedOrdersRepository.defaultCount
    ) {
        self.scheduler = scheduler
        self.network = network
        self.count = count
    }

    @discardableResult
    public func fetchOrders(completion: @escaping (Result<[Order], DataError>) -> Void) -> any Cancellable {
        let count = self.count
        let network = self.network
        return scheduler.schedule(after: network.latency) {
            if network.takeFailure() {
                completion(.failure(.notConnected))
            } else {
                completion(.success((0..<count).map { Order(id: $0, name: "Order") }))
            }
        }
    }
}
