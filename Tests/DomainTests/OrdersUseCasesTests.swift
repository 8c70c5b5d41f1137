import Domain
import Testing

@Suite struct LoadOrdersUseCaseTests {
    /// The use case answers the repository's orders unchanged.
    @Test func passesTheOrdersThrough() {
        let orders = (0..<3).map { Order(id: $0, name: "Order") }
        let repository = FakeOrdersRepository(result: .success(orders))
        var result: Result<[Order], DataError>?
        let token = LoadOrdersUseCase(repository: repository).execute { result = $0 }
        #expect(result == .success(orders))
        #expect(repository.fetchCount == 1)
        #expect(token === repository.token)
    }

    /// The use case answers the repository's error unchanged.
    @Test func passesTheErrorThrough() {
        let repository = FakeOrdersRepository(result: .failure(.notConnected))
        var result: Result<[Order], DataError>?
        LoadOrdersUseCase(repository: repository).execute { result = $0 }
        #expect(result == .failure(.notConnected))
    }
}

@Suite struct DataErrorTests {
    /// Each error has the words a screen's alert shows.
    @Test func messages() {
        #expect(DataError.notConnected.message == "No internet connection")
        #expect(DataError.failed(reason: "Failed loading movies").message == "Failed loading movies")
        #expect(DataError.cancelled.message == "Cancelled")
    }
}
