public import BindingKit
public import Domain

/// A deterministic stand-in for the main queue and its timers.
///
/// The playground's main thread blocks in the line editor, so a real
/// `DispatchQueue.main` would never run. Work is queued here instead, on a
/// virtual clock in milliseconds, and the shell drains it between commands:
/// the same input gives byte-identical output on every machine.
///
/// Jobs run in order of due time, then of submission. `async` work is due now
/// and runs after what is already queued for now: one main-queue turn later.
public final class VirtualScheduler: WorldClock {
    /// What a job was queued as; the trace uses it to tell a synchronous hop
    /// from one delivered a main-queue turn later.
    public enum JobKind: Sendable, Equatable {
        /// `async`: a main-queue hop.
        case mainQueue
        /// `schedule(after:)`: a timer or the data layer's latency.
        case delayed
    }

    private final class Job: Cancellable {
        let due: Int
        let sequence: Int
        let kind: JobKind
        var work: (() -> Void)?
        /// The world current when the job was queued: it runs in it. Weak: a
        /// world that goes takes its queued work with it (`discardAll()`).
        weak var world: World?

        init(due: Int, sequence: Int, kind: JobKind, work: @escaping () -> Void) {
            self.due = due
            self.sequence = sequence
            self.kind = kind
            self.work = work
            self.world = World.current
        }

        func cancel() { work = nil }
    }

    /// Virtual time, in milliseconds since the clock started.
    public private(set) var now = 0
    /// How many jobs have run so far; each is one turn of the main queue.
    public private(set) var turn = 0
    /// The kind of the job running now; nil while a command runs directly.
    public private(set) var currentKind: JobKind?

    public var isRunningMainQueueWork: Bool { currentKind == .mainQueue }

    /// Sorted by (due, sequence). `@exclusivity(unchecked)`: a clock is used
    /// from one thread, each access is over before a job's work runs, and
    /// the dynamic checks were most of a turn's cost when nothing is queued
    /// (the bench drains the clock after every change).
    @exclusivity(unchecked) private var jobs: [Job] = []
    private var nextSequence = 0

    public init() {}

    /// Whether no work is queued.
    public var isIdle: Bool {
        jobs.allSatisfy { $0.work == nil }
    }

    /// How many jobs are queued (cancelled ones excluded).
    public var pendingCount: Int {
        jobs.reduce(0) { $0 + ($1.work == nil ? 0 : 1) }
    }

    /// When the next job is due; nil when idle.
    public var nextDue: Int? {
        jobs.first { $0.work != nil }?.due
    }

    /// Queues `work` for the next turn of the main queue.
    public func async(_ work: @escaping () -> Void) {
        enqueue(due: now, kind: .mainQueue, work)
    }

    @discardableResult
    public func schedule(after milliseconds: Int, _ work: @escaping () -> Void) -> any Cancellable {
        enqueue(due: now + max(0, milliseconds), kind: .delayed, work)
    }

    @discardableResult
    private func enqueue(due: Int, kind: JobKind, _ work: @escaping () -> Void) -> Job {
        let job = Job(due: due, sequence: nextSequence, kind: kind, work: work)
        nextSequence += 1
        // Binary search for the first job due later than this one: equal due
        // times keep submission order.
        var low = jobs.startIndex
        var high = jobs.endIndex
        while low < high {
            let mid = (low + high) / 2
            if jobs[mid].due <= due { low = mid + 1 } else { high = mid }
        }
        jobs.insert(job, at: low)
        return job
    }

    /// Runs the next job, moving the clock to its due time.
    ///
    /// - Parameter deadline: a job due later than this is left queued.
    /// - Returns: whether a job ran.
    @discardableResult
    public func step(until deadline: Int = .max) -> Bool {
        while let job = jobs.first {
            if job.work == nil {
                jobs.removeFirst()
                continue
            }
            guard job.due <= deadline else { return false }
            jobs.removeFirst()
            let work = job.work
            job.work = nil
            now = max(now, job.due)
            turn += 1
            currentKind = job.kind
            defer { currentKind = nil }
            if let world = job.world {
                world.perform { work?() }
            } else {
                work?()
            }
            return true
        }
        return false
    }

    /// Drops every queued job without running it, freeing what the jobs hold.
    ///
    /// `World` does this when it goes; the clock and the turn count stay.
    public func discardAll() {
        let dropped = jobs
        jobs = []
        // Released after `jobs` is empty, so a job's deinit that queues more
        // work finds a consistent queue.
        for job in dropped { job.work = nil }
    }

    /// Runs every job due up to `now + milliseconds`, then sets the clock there.
    public func advance(by milliseconds: Int) {
        let deadline = now + max(0, milliseconds)
        while step(until: deadline) {}
        now = deadline
    }
}
