/// The article's `Output`: a list of handlers, each called with every event
/// sent, in the order they were added — so several views can listen to one
/// view model.
///
/// There is no way to remove a handler: what `bind(with:)` appends stays for
/// the life of the `Output`, so a view that goes leaves a closure behind that
/// does nothing (its `[weak]` capture is nil), and binding twice appends
/// twice.
///
/// Public (the only public type of this module besides the backend) so that
/// `binding-bench` measures this very class rather than a copy.
public final class Output<Event> {
    public var handlers = [(Event) -> Void]()
    /// The playground's watch on each delivery (`OutputBackend+Trace.swift`); nil outside it.
    var trace = OutputTrace<Event>.inCurrentWorld

    public init() {}

    /// Calls every handler with `event`, in order.
    ///
    /// - Complexity: O(n) in the number of handlers.
    public func send(_ event: Event) {
        for (index, handler) in handlers.enumerated() {
            if let trace { trace.deliver(event, to: index, through: handler) } else { handler(event) }
        }
    }
}
