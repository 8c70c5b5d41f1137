/// Records every binding hop: a message from a view model to a view (or back)
/// as the approach delivers it, stamped with virtual time and turn.
public final class Tracer {
    /// One delivered (or dropped) message.
    public struct Hop: Equatable, Sendable {
        public enum Delivery: String, Sendable, CaseIterable {
            /// Called directly, inside the turn that caused it.
            case sync
            /// Delivered on a later main-queue turn.
            case queued
            /// Sent to a listener that is gone (a nil delegate, a dead weak box).
            case dropped
        }

        public let time: Int
        public let turn: Int
        public let from: String
        public let to: String
        public let message: String
        public let delivery: Delivery
    }

    /// One widget property set, and whether it changed anything.
    public struct WidgetUpdate: Equatable, Sendable {
        public let widget: String
        public let redundant: Bool
    }

    // Strong: widgets keep their tracer, and a widget may outlive the world that
    // made it (held by a closure, a store); the scheduler holds nothing back.
    private let scheduler: VirtualScheduler
    private var names = TypeNameCache()
    public private(set) var hops: [Hop] = []
    public private(set) var updates: [WidgetUpdate] = []
    /// Hops are kept only while recording; counting never stops.
    public var isRecording = true
    public private(set) var hopCount = 0
    /// Hops by how they were delivered, counted whether recording or not.
    public private(set) var hopCounts: [Hop.Delivery: Int] = [:]
    public private(set) var updateCount = 0
    public private(set) var redundantUpdateCount = 0
    /// Told of every widget update as it happens, recording or not: how an
    /// experiment learns in what order several views heard one change.
    public var onWidgetUpdate: ((WidgetUpdate) -> Void)?

    public init(scheduler: VirtualScheduler) {
        self.scheduler = scheduler
    }

    /// Records a message from `from` to `to`.
    ///
    /// - Parameters:
    ///   - to: the receiver, or nil when the listener is gone and the message drops.
    public func hop(_ message: String, from: Any.Type, to: Any.Type?) {
        hop(message, from: names.name(of: from), to: to.map { names.name(of: $0) })
    }

    /// Records a message from `from` to a party named `to` (nil: dropped).
    public func hop(_ message: String, from: Any.Type, toNamed to: String?) {
        hop(message, from: names.name(of: from), to: to)
    }

    /// Records a message between two named parties (nil receiver: dropped).
    public func hop(_ message: String, from: String, to: String?) {
        hopCount += 1
        let delivery: Hop.Delivery =
            to == nil ? .dropped : (scheduler.currentKind == .mainQueue ? .queued : .sync)
        hopCounts[delivery, default: 0] += 1
        guard isRecording else { return }
        hops.append(
            Hop(
                time: scheduler.now, turn: scheduler.turn, from: from, to: to ?? "nil",
                message: message, delivery: delivery))
    }

    /// Records that a widget property was set; `redundant` when to the same value.
    public func widgetUpdated(_ widget: String, redundant: Bool) {
        updateCount += 1
        if redundant { redundantUpdateCount += 1 }
        onWidgetUpdate?(WidgetUpdate(widget: widget, redundant: redundant))
        guard isRecording else { return }
        updates.append(WidgetUpdate(widget: widget, redundant: redundant))
    }

    /// Hands back what was recorded since the last call and forgets it.
    public func drain() -> (hops: [Hop], updates: [WidgetUpdate]) {
        defer {
            hops.removeAll()
            updates.removeAll()
        }
        return (hops, updates)
    }
}
