public import Domain

/// The generated orders, made once for a count and handed to every
/// repository that shares this: the lanes of `--backend all` are answered
/// the same array (a million orders are 24 MB), which each lane's view model
/// may keep without copying it (BindingKit's `OrdersList` never changes it
/// in place).
public final class GeneratedOrders {
    private var last: [Order] = []

    public init() {}

    /// `count` orders named "Order", ids from 0: the same array as last
    /// time when the count is the same.
    public func orders(count: Int) -> [Order] {
        if last.count != count {
            last = []  // the old ones go before the new ones are made
            last = (0..<count).map { Order(id: $0, name: "Order") }
        }
        return last
    }
}

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
    private let generated: GeneratedOrders

    /// - Parameter generated: where the orders come from; repositories that
    ///   share one answer the same array.
    public init(
        scheduler: any DelayScheduler, network: NetworkConditions,
        count: Int = GeneratedOrdersRepository.defaultCount, generated: GeneratedOrders = GeneratedOrders()
    ) {
        self.scheduler = scheduler
        self.network = network
        self.count = count
        self.generated = generated
    }

    @discardableResult
    public func fetchOrders(completion: @escaping (Result<[Order], DataError>) -> Void) -> any Cancellable {
        let count = self.count
        let network = self.network
        let generated = self.generated
        return scheduler.schedule(after: network.latency) {
            if network.takeFailure() {
                completion(.failure(.notConnected))
            } else {
                completion(.success(generated.orders(count: count)))
            }
        }
    }
}
