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
        /// The hop's place in the order it really happened (every hop of a
        /// tracer counts, recorded or not). It differs from its place in
        /// `hops` only inside an unordered round (see `unordered(_:)`).
        public let sequence: Int
        /// The first hop of one delivery of a round whose order the approach
        /// leaves unspecified: a display should say so.
        public internal(set) var unordered = false
        /// The widget updates made after this hop and before the next one
        /// recorded: what its delivery drew (a handler's own hops take the
        /// updates after them).
        public internal(set) var updates = 0
        /// How many of `updates` set a value the widget showed already.
        public internal(set) var redundantUpdates = 0
    }

    /// One widget property set, and whether it changed anything.
    public struct WidgetUpdate: Equatable, Sendable {
        public let widget: String
        public let redundant: Bool
    }

    // Strong: widgets keep their tracer, and a widget may outlive the world that
    // made it (held by a closure, a store); the clock holds nothing back.
    private let clock: any WorldClock
    private var names = TypeNameCache()
    public private(set) var hops: [Hop] = []
    public private(set) var updates: [WidgetUpdate] = []
    // The counters are `@exclusivity(unchecked)`: a tracer is used from one
    // thread, and the dynamic checks of these class properties were most of
    // a hop's and a widget update's cost with recording off (callgrind).

    /// Hops are kept only while recording; counting never stops. Off, a
    /// hop costs two additions: its message is not made and its parties
    /// are not named (the bench times the backends so, as an app runs).
    @exclusivity(unchecked) public var isRecording = true
    @exclusivity(unchecked) public private(set) var hopCount = 0
    /// Hops by how they were delivered, counted whether recording or not.
    public var hopCounts: [Hop.Delivery: Int] {
        var counts: [Hop.Delivery: Int] = [:]
        for (delivery, count) in zip(Hop.Delivery.allCases, deliveryCounts) where count > 0 {
            counts[delivery] = count
        }
        return counts
    }
    /// `hopCounts` in `Hop.Delivery.allCases` order: an addition per hop,
    /// where a dictionary's would hash.
    @exclusivity(unchecked) private var deliveryCounts = [0, 0, 0]
    @exclusivity(unchecked) public private(set) var updateCount = 0
    @exclusivity(unchecked) public private(set) var redundantUpdateCount = 0
    /// Told of every widget update as it happens, recording or not: how an
    /// experiment learns in what order several views heard one change.
    @exclusivity(unchecked) public var onWidgetUpdate: ((WidgetUpdate) -> Void)?

    public init(clock: any WorldClock) {
        self.clock = clock
    }

    /// Records a message from `from` to `to`.
    ///
    /// - Parameters:
    ///   - to: the receiver, or nil when the listener is gone and the message drops.
    public func hop(_ message: @autoclosure () -> String, from: Any.Type, to: Any.Type?) {
        guard isRecording else {
            count(dropped: to == nil)
            return
        }
        hop(message(), from: names.name(of: from), to: to.map { names.name(of: $0) })
    }

    /// Records a message from `from` to a party named `to` (nil: dropped).
    public func hop(_ message: @autoclosure () -> String, from: Any.Type, toNamed to: String?) {
        guard isRecording else {
            count(dropped: to == nil)
            return
        }
        hop(message(), from: names.name(of: from), to: to)
    }

    /// Records a message between two named parties (nil receiver: dropped).
    public func hop(_ message: @autoclosure () -> String, from: String, to: String?) {
        let delivery = count(dropped: to == nil)
        guard isRecording else { return }
        hops.append(
            Hop(
                time: clock.now, turn: clock.turn, from: from, to: to ?? "nil",
                message: message(), delivery: delivery, sequence: hopCount - 1))
    }

    /// Counts one hop; returns how it was delivered.
    @discardableResult
    private func count(dropped: Bool) -> Hop.Delivery {
        hopCount += 1
        let delivery: Hop.Delivery = dropped ? .dropped : (clock.isRunningMainQueueWork ? .queued : .sync)
        switch delivery {
        case .sync: deliveryCounts[0] += 1
        case .queued: deliveryCounts[1] += 1
        case .dropped: deliveryCounts[2] += 1
        }
        return delivery
    }

    /// Runs one round of deliveries that the approach makes in no defined
    /// order (seed 001's `Event` calls the handlers of a dictionary), and
    /// records their hops so that the trace reads the same on every run.
    ///
    /// Each delivery's hops (its own and those it causes) stay together as a
    /// block; the blocks are recorded sorted by their hops' text, their first
    /// hops marked `unordered`. The real order is kept in `Hop.sequence`. A
    /// round of fewer than two deliveries has an order, and is left as it is.
    ///
    /// - Complexity: O(*b* log *b*) comparisons for *b* blocks, plus moving
    ///   the round's hops once.
    public func unordered(_ deliveries: [() -> Void]) {
        let start = hops.count
        var blocks: [Range<Int>] = []
        for deliver in deliveries {
            let first = hops.count
            deliver()
            if hops.count > first { blocks.append(first..<hops.count) }
        }
        // Nothing to order, or a drain in between: leave the hops as they came.
        guard blocks.count > 1, hops.count >= start, blocks.first?.lowerBound == start else { return }
        let sorted = blocks.map { Array(hops[$0]) }.sorted { lhs, rhs in
            lhs.lexicographicallyPrecedes(rhs) { $0.orderKey.lexicographicallyPrecedes($1.orderKey) }
        }
        var round: [Hop] = []
        for var block in sorted {
            block[0].unordered = true
            round += block
        }
        hops.replaceSubrange(start..<hops.count, with: round)
    }

    /// Records that a widget property was set; `redundant` when to the same value.
    public func widgetUpdated(_ widget: String, redundant: Bool) {
        updateCount += 1
        if redundant { redundantUpdateCount += 1 }
        onWidgetUpdate?(WidgetUpdate(widget: widget, redundant: redundant))
        guard isRecording else { return }
        updates.append(WidgetUpdate(widget: widget, redundant: redundant))
        if let last = hops.indices.last {
            hops[last].updates += 1
            if redundant { hops[last].redundantUpdates += 1 }
        }
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

extension Tracer.Hop {
    /// What orders the blocks of an unordered round: what a reader sees of
    /// a hop, never when it happened.
    fileprivate var orderKey: [String] { [to, message, from, delivery.rawValue] }
}
