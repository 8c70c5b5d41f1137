import BindingKit
import Testing

@Suite struct TracerTests {
    final class ViewModel {}
    final class View {}

    /// A hop inside a main-queue job is queued; a direct one is sync; one to nobody is dropped.
    @Test func deliveryKinds() {
        let scheduler = VirtualScheduler()
        let tracer = Tracer(scheduler: scheduler)
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
        let tracer = Tracer(scheduler: VirtualScheduler())
        tracer.isRecording = false
        tracer.hop("x", from: "A", to: "B")
        #expect(tracer.hopCount == 1)
        #expect(tracer.drain().hops.isEmpty)
    }
}
