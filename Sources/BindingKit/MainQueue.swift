public import Domain

/// The main queue as a view model sees it: seed 004's `DispatchQueueType`.
public protocol MainQueue: AnyObject {
    /// Runs `work` on a later turn of the main queue.
    func async(_ work: @escaping () -> Void)
}

extension MainQueue {
    /// Dispatch's spelling, `DispatchQueue.main.async { … }`.
    public func async(execute work: @escaping () -> Void) { async(work) }
}

/// The clock and main queue a world runs on, as BindingKit needs them: the
/// host's virtual scheduler. Time is virtual, in milliseconds; each job the
/// queue runs is one turn.
public protocol WorldClock: MainQueue, DelayScheduler {
    /// Virtual time, in milliseconds since the clock started.
    var now: Int { get }
    /// How many jobs have run so far.
    var turn: Int { get }
    /// Whether the work running now came off the main queue (`async`), not
    /// from a command, a tap or a timer: a hop made now is delivered a turn
    /// later than what caused it.
    var isRunningMainQueueWork: Bool { get }
}

/// The playground's stand-in for Dispatch's `DispatchQueue`, for the
/// articles' `DispatchQueue.main.async { … }`: Linux has Dispatch, but its
/// main queue would never run while the line editor blocks the main thread,
/// so the main queue here is the current world's virtual one.
///
/// A value, not a type: Swift 6 takes `DispatchQueue.main.async { … }`,
/// spelt with a type called `DispatchQueue` from any module, for Dispatch's
/// main queue and makes the closure `@MainActor`, which code that is not
/// main-actor isolated (a view's `bind(with:)`) cannot hand a `self` or an
/// event that is not `Sendable`. Spelt with this value, the line compiles as
/// the articles write it.
// swift-format-ignore: AlwaysUseLowerCamelCase
public let DispatchQueue = DispatchQueueStandIn()

/// What `DispatchQueue` is here: its `main`.
public struct DispatchQueueStandIn: Sendable {
    /// The main queue of the world whose code is running.
    public var main: any MainQueue {
        guard let world = World.current else {
            preconditionFailure("DispatchQueue.main was used outside a world: the host runs a backend's code in one")
        }
        return world.mainQueue
    }
}

/// The playground's stand-in for Foundation's `RunLoop`, for the QIWI
/// article's final `bind(with:)`: `RunLoop.main.perform(inModes: [.default])
/// { … }`. A value, like `DispatchQueue` here, so that the line reads as the
/// article writes it.
///
/// The run loop here is the current world's virtual main queue, turned the
/// same way: a block performed is one job of the world's clock, queued behind
/// what is queued already (`DispatchQueue.main.async` work included), run on
/// a later turn, in order. On a device the two are not one queue: a block
/// performed on the main run loop runs at the loop's next pass over its
/// blocks (after the source or the main-queue drain that performed it, before
/// the loop sleeps), and only while the loop runs in one of `modes` — with
/// `[.default]`, never while a scroll view tracks a finger (UIKit's tracking
/// mode); the main queue's work runs in the loop's main-queue drain in every
/// common mode. The playground has neither passes nor modes (nothing tracks:
/// a scroll is instant), so here the two orders are the same
/// (Docs/approaches/output.md says where it matters on a device).
// swift-format-ignore: AlwaysUseLowerCamelCase
public let RunLoop = RunLoopStandIn()

/// What `RunLoop` is here: its `main`.
public struct RunLoopStandIn: Sendable {
    /// The main run loop of the world whose code is running.
    public var main: MainRunLoop { MainRunLoop() }
}

/// The main run loop of the world whose code is running: `perform(inModes:block:)`
/// queues the block on that world's main queue.
public struct MainRunLoop: Sendable {
    /// A run-loop mode, by name: `.default`, `.common`. The playground's run
    /// loop is always in `.default`, so a block performed in it always runs.
    public struct Mode: Hashable, Sendable {
        public let rawValue: String

        public init(rawValue: String) {
            self.rawValue = rawValue
        }

        public static let `default` = Mode(rawValue: "kCFRunLoopDefaultMode")
        public static let common = Mode(rawValue: "kCFRunLoopCommonModes")
    }

    /// Runs `block` on a later turn of the current world's main queue, as
    /// Foundation's does on the next pass of the main run loop in one of
    /// `modes`.
    ///
    /// - Precondition: `modes` holds `.default` or `.common`: a block for
    ///   another mode would never run here.
    public func perform(inModes modes: [Mode], block: @escaping () -> Void) {
        precondition(
            modes.contains(.default) || modes.contains(.common),
            "the playground's run loop runs only in .default: a block for \(modes) would never run")
        DispatchQueue.main.async(execute: block)
    }

    /// `perform(inModes: [.common], block:)`, Foundation's `perform(_:)`.
    public func perform(_ block: @escaping () -> Void) {
        perform(inModes: [.common], block: block)
    }
}
