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
