/// Where orders come from.
public protocol OrdersRepository: AnyObject {
    /// Answers the orders, later (after the data layer's latency).
    @discardableResult
    func fetchOrders(completion: @escaping (Result<[Order], DataError>) -> Void) -> any Cancellable
}
