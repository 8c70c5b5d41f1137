import BindingKit
import Playground
import Testing

@Suite struct VirtualSchedulerTests {
    /// Jobs run by due time, and jobs due at the same time in submission order.
    @Test func runsByDueTimeThenSubmissionOrder() {
        let scheduler = VirtualScheduler()
        var log: [String] = []
        scheduler.schedule(after: 20) { log.append("b@\(scheduler.now)") }
        scheduler.schedule(after: 10) { log.append("a@\(scheduler.now)") }
        scheduler.async { log.append("main@\(scheduler.now)") }
        scheduler.schedule(after: 10) { log.append("a2@\(scheduler.now)") }
        while scheduler.step() {}
        #expect(log == ["main@0", "a@10", "a2@10", "b@20"])
        #expect(scheduler.isIdle)
    }

    /// Work queued from a job at the same time runs on a later turn, after what was already due.
    @Test func asyncFromAJobRunsOnALaterTurn() {
        let scheduler = VirtualScheduler()
        var log: [String] = []
        scheduler.async {
            log.append("first")
            scheduler.async { log.append("hopped") }
        }
        scheduler.async { log.append("second") }
        while scheduler.step() {}
        #expect(log == ["first", "second", "hopped"])
        #expect(scheduler.turn == 3)
    }

    /// A cancelled job never runs, and advancing stops at the deadline.
    @Test func cancelAndAdvance() {
        let scheduler = VirtualScheduler()
        var ran: [Int] = []
        let cancelled = scheduler.schedule(after: 5) { ran.append(5) }
        scheduler.schedule(after: 50) { ran.append(50) }
        scheduler.schedule(after: 200) { ran.append(200) }
        cancelled.cancel()
        scheduler.advance(by: 100)
        #expect(ran == [50])
        #expect(scheduler.now == 100)
        #expect(scheduler.nextDue == 200)
        #expect(scheduler.pendingCount == 1)
    }
}

@Suite struct VirtualSchedulerDiscardTests {
    /// `discardAll` drops queued jobs unrun and frees what they hold, even a cycle back to the scheduler.
    @Test func discardAllFreesQueuedWork() {
        final class Holder {
            var scheduler: VirtualScheduler?
        }
        weak var weakHolder: Holder?
        weak var weakScheduler: VirtualScheduler?
        var ran = false
        do {
            let scheduler = VirtualScheduler()
            let holder = Holder()
            holder.scheduler = scheduler  // the job holds the holder, the holder the scheduler
            scheduler.async {
                _ = holder; ran = true
            }
            scheduler.schedule(after: 50) {
                _ = holder; ran = true
            }
            weakHolder = holder
            weakScheduler = scheduler
            #expect(scheduler.pendingCount == 2)
            scheduler.discardAll()
            #expect(scheduler.isIdle)
            #expect(!scheduler.step())
        }
        #expect(!ran)
        #expect(weakHolder == nil)
        #expect(weakScheduler == nil)
    }
}
