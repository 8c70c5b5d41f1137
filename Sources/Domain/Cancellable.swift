/// Something in flight that can be called off (a request, a delayed job).
public protocol Cancellable: AnyObject {
    /// Calls the work off; its completion will not run. Calling twice is harmless.
    func cancel()
}

/// Runs work after a delay. The playground implements it on a virtual clock,
/// so that the data layer's latency replays exactly.
public protocol DelayScheduler: AnyObject {
    /// Schedules `work` to run `milliseconds` from now.
    @discardableResult
    func schedule(after milliseconds: Int, _ work: @escaping () -> Void) -> any Cancellable
}
