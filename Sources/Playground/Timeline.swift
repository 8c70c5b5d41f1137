public import BindingKit

/// What one lane showed while the clock ran: each screen change, stamped with
/// virtual time, with the hops that led to it.
public struct LaneFrame {
    public let time: Int
    /// The new screen; nil when only hops happened.
    public let screen: [String]?
    public let hops: [Tracer.Hop]
    /// How many turns the lane had run when the frame's time began: a hop's
    /// `turn` less this is its turn within the instant (0 inside the
    /// command itself, 1 for the first job run at that time, …).
    public let startTurn: Int
}

/// Why running the clock stopped early.
public enum SettleStop: Equatable, Sendable {
    /// The queue did not empty within the turn budget: a binding loop.
    case turnBudget(Int)
    /// Ctrl-C.
    case interrupted
}

extension Lane {
    /// The most turns one command may run: far above any real screen, low
    /// enough to stop a binding that feeds itself forever.
    public static let turnBudget = 1_000_000

    /// Records the screen if it changed since last shown, or the hops if any.
    ///
    /// - Parameter start: the turn count when this frame's time began; set
    ///   to the count now, where the next one begins.
    func capture(into frames: inout [LaneFrame], since start: inout Int) {
        defer { start = scheduler.turn }
        let screen = render()
        let hops = world.tracer.drain().hops
        let changed = screen != shown
        guard changed || !hops.isEmpty else { return }
        frames.append(
            LaneFrame(time: scheduler.now, screen: changed ? screen : nil, hops: hops, startTurn: start))
        if changed { shown = screen }
    }

    /// Runs the clock, capturing a frame each time virtual time is about to
    /// move on (so that several turns at one instant show as one change).
    ///
    /// - Parameters:
    ///   - deadline: stop before work due later; nil runs until idle.
    ///   - turns: at most this many turns (`:step` runs one).
    /// - Returns: the frames, and why it stopped early, if it did.
    public func settle(
        until deadline: Int? = nil, turns: Int = Lane.turnBudget, interrupted: () -> Bool
    ) -> (frames: [LaneFrame], stop: SettleStop?) {
        var frames: [LaneFrame] = []
        var ran = 0
        var start = scheduler.turn
        if scheduler.nextDue != scheduler.now { capture(into: &frames, since: &start) }
        // Asked before every turn (one atomic load): a Ctrl-C is noticed as
        // soon as the job running when it came returns, and a lane after one
        // that was interrupted runs none of its queued work.
        while ran < turns {
            if interrupted() {
                capture(into: &frames, since: &start)
                return (frames, .interrupted)
            }
            guard scheduler.step(until: deadline ?? .max) else { break }
            ran += 1
            if scheduler.nextDue != scheduler.now { capture(into: &frames, since: &start) }
        }
        capture(into: &frames, since: &start)
        if ran >= turns, turns == Lane.turnBudget, !scheduler.isIdle {
            return (frames, .turnBudget(turns))
        }
        if let deadline, deadline > scheduler.now {
            scheduler.advance(by: deadline - scheduler.now)
        }
        // Only a clock that ran to the end tidies, and a Ctrl-C that comes
        // meanwhile stops it: a Ctrl-C never waits for it.
        device.tidy(unless: interrupted)
        return (frames, nil)
    }
}
