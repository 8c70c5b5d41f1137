/// Why the data layer could not answer.
public enum DataError: Error, Equatable, Sendable {
    /// No connection (the playground's `:net fail`).
    case notConnected
    /// The request was answered with a failure.
    case failed(reason: String)
    /// The request was called off before it finished.
    case cancelled
}
