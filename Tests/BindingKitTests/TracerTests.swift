import BindingKit
import Playground
import Testing

@Suite struct TracerTests {
    final class ViewModel {}
    final class View {}

    /// A hop inside a main-queue job is queued; a direct one is sync; one to nobody is dropped.
    @Test func deliveryKinds() {
        let scheduler = VirtualScheduler()
        let tracer = Tracer(clock: scheduler)
        tracer.hop("direct", from: ViewModel.self, to: View.self)
        scheduler.async { tracer.hop("hopped", from: ViewModel.self, to: View.self) }
        scheduler.schedule(after: 10) { tracer.hop("late", from: ViewModel.self, to: nil) }
        scheduler.advance(by: 10)
        let hops = tracer.drain().hops
        #expect(hops.map(\.delivery) == [.sync, .queued, .dropped])
        #expect(hops.map(\.time) == [0, 0, 10])
        #expect(hops[2].to == "nil")
        #expect(tracer.drain().hops.isEmpty)
    }

    /// With recording off, hops are counted but not kept.
    @Test func countingWithoutRecording() {
        let tracer = Tracer(clock: VirtualScheduler())
        tracer.isRecording = false
        tracer.hop("x", from: "A", to: "B")
        #expect(tracer.hopCount == 1)
        #expect(tracer.drain().hops.isEmpty)
    }

    /// Off, a hop's message is never made, yet every kind of hop is counted; on again, it is.
    @Test func aHopNotRecordedMakesNoMessage() {
        let scheduler = VirtualScheduler()
        let tracer = Tracer(clock: scheduler)
        var made = 0
        func message() -> String {
            made += 1
            return "m"
        }
        tracer.isRecording = false
        tracer.hop(message(), from: ViewModel.self, to: View.self)
        tracer.hop(message(), from: ViewModel.self, toNamed: nil)
        scheduler.async { tracer.hop(message(), from: "A", to: "B") }
        while scheduler.step() {}
        #expect(made == 0)
        #expect(tracer.hopCounts == [.sync: 1, .dropped: 1, .queued: 1])
        tracer.isRecording = true
        tracer.hop(message(), from: ViewModel.self, to: View.self)
        #expect(made == 1)
        #expect(tracer.drain().hops.map(\.message) == ["m"])
        #expect(tracer.hopCount == 4)
    }
}

@Suite struct TracerUnorderedTests {
    /// An unordered round is recorded sorted by what its hops say, each delivery's own hops kept with it, its first hops marked; `sequence` keeps the real order.
    @Test func aRoundIsRecordedSortedWithItsRealOrderKept() {
        let tracer = Tracer(clock: VirtualScheduler())
        tracer.hop("before", from: "VM", to: "View")
        tracer.unordered([
            {
                tracer.hop("$x", from: "VM", to: "ListView")
                tracer.hop("reload", from: "ListView", to: "Cell")
            },
            { tracer.hop("$x", from: "VM", to: "Container") },
        ])
        tracer.hop("after", from: "VM", to: "View")
        let hops = tracer.drain().hops
        #expect(hops.map(\.message) == ["before", "$x", "$x", "reload", "after"])
        #expect(hops.map(\.to) == ["View", "Container", "ListView", "Cell", "View"])
        #expect(hops.map(\.unordered) == [false, true, true, false, false])
        #expect(hops.map(\.sequence) == [0, 3, 1, 2, 4])
    }

    /// A round of one delivery has an order: nothing is marked.
    @Test func aRoundOfOneIsNotMarked() {
        let tracer = Tracer(clock: VirtualScheduler())
        tracer.unordered([{ tracer.hop("$x", from: "VM", to: "View") }])
        #expect(tracer.drain().hops.map(\.unordered) == [false])
    }

    /// Rounds inside a delivery are sorted within it, so that the whole trace is the same for any real order.
    @Test func nestedRoundsSortInsideTheirDelivery() {
        func trace(reversed: Bool) -> [String] {
            let tracer = Tracer(clock: VirtualScheduler())
            func round(_ names: [String], inner: Bool) -> [() -> Void] {
                let deliveries = names.map { name in
                    {
                        tracer.hop("$x", from: "VM", to: name)
                        if !inner { tracer.unordered(round(["\(name).b", "\(name).a"], inner: true)) }
                    }
                }
                return reversed ? deliveries.reversed() : deliveries
            }
            tracer.unordered(round(["B", "A"], inner: false))
            return tracer.drain().hops.map(\.to)
        }
        #expect(trace(reversed: false) == ["A", "A.a", "A.b", "B", "B.a", "B.b"])
        #expect(trace(reversed: true) == trace(reversed: false))
    }
}
