/// Seed 000's `Output`: a list of handlers, each called with every event
/// sent, in the order they were added — so several views can listen to one
/// view model.
///
/// There is no way to remove a handler: what `bind(with:)` appends stays for
/// the life of the `Output`, so a view that goes leaves a closure behind that
/// does nothing (its `[weak]` capture is nil), and binding twice appends
/// twice.
///
/// Public (the only public type of this module besides the backend) so that
/// `binding-bench` measures this very class rather than a copy; `send(_:)` is
/// inlinable so that the bench, like this module, calls a version
/// specialised for its event type instead of the generic one.
public final class Output<Event> {
    public var handlers = [(Event) -> Void]()

    public init() {}

    /// Calls every handler with `event`, in order.
    ///
    /// - Complexity: O(n) in the number of handlers.
    @inlinable
    public func send(_ event: Event) {
        for handler in handlers {
            handler(event)
        }
    }
}
