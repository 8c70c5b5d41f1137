/// Loads the orders list; the seam every backend's orders view model uses.
public final class LoadOrdersUseCase {
    private let repository: any OrdersRepository

    public init(repository: any OrdersRepository) {
        self.repository = repository
    }

    /// Fetches the orders.
    @discardableResult
    public func execute(completion: @escaping (Result<[Order], DataError>) -> Void) -> any Cancellable {
        repository.fetchOrders(completion: completion)
    }
}

extension Order {
    /// The details text of an order: "Details of Order #3".
    public var detailsText: String { "Details of \(displayName)" }
}

extension DataError {
    /// The words a screen's alert shows for this error.
    public var message: String {
        switch self {
        case .notConnected: "No internet connection"
        case .failed(let reason): reason
        case .cancelled: "Cancelled"
        }
    }
}
