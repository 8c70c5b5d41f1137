/// The simulated network every repository answers through: its latency and
/// the faults the user injects with `:net`.
public final class NetworkConditions {
    /// When requests fail.
    public enum FailureMode: String, Sendable, CaseIterable {
        /// Never (the default).
        case off
        /// The next request only.
        case next
        /// Every request until set back to `off`.
        case always
    }

    /// The article's latency: one second.
    public static let defaultLatency = 1000
    /// The largest latency accepted: one hour of virtual time.
    public static let maximumLatency = 3_600_000

    /// Milliseconds before a request is answered.
    public var latency: Int
    public var failureMode: FailureMode

    public init(latency: Int = NetworkConditions.defaultLatency, failureMode: FailureMode = .off) {
        self.latency = latency
        self.failureMode = failureMode
    }

    /// Whether the request being answered now fails; `next` is used up by it.
    public func takeFailure() -> Bool {
        switch failureMode {
        case .off: return false
        case .always: return true
        case .next:
            failureMode = .off
            return true
        }
    }
}
