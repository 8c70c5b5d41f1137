import BindingKit
import Catalog
import Testing

@testable import Playground

/// What a frame says of when its hops ran within their instant, and what
/// each hop drew: what a marble diagram is laid out from.
@Suite struct LaneFrameTurnsTests {
    static func lane(_ id: String) throws -> Lane {
        let backend = try #require(BackendRegistry.all.first { $0.info.id == id })
        return Lane(backend: backend, data: DataEnvironment(), network: NetworkConditions())
    }

    /// A hop's turn less its frame's start is its turn within the instant: 0 inside the command, then one per job run at that time.
    @Test func turnsCountFromTheStartOfTheirInstant() throws {
        let delegate = try Self.lane("delegate")
        try delegate.device.perform(.orders(.load))
        let frames = delegate.settle(interrupted: { false }).frames
        #expect(frames.map(\.time) == [0, 1000])
        #expect(frames[0].hops.allSatisfy { $0.turn - frames[0].startTurn == 0 }, "the command's own calls")
        #expect(frames[1].hops.allSatisfy { $0.turn - frames[1].startTurn == 1 }, "the answer's timer, the first job")

        let output = try Self.lane("output")
        try output.device.perform(.orders(.load))
        let queued = output.settle(interrupted: { false }).frames
        #expect(queued[0].hops.map { $0.turn - queued[0].startTurn } == [1, 2, 3, 4], "a main-queue turn each")
        #expect(queued[1].hops.map { $0.turn - queued[1].startTurn } == [2, 3, 4, 5, 6, 7], "after the timer's turn")
    }

    /// A hop counts the widget updates its delivery made, and those that set what the widget showed already.
    @Test func hopsCountTheUpdatesTheyMade() throws {
        let lane = try Self.lane("delegate")
        try lane.device.perform(.orders(.load))
        _ = lane.settle(interrupted: { false })
        try lane.device.perform(.orders(.rename(row: 2, name: "Gift")))
        let renamed = lane.settle(interrupted: { false }).frames.flatMap(\.hops)
        let row = try #require(renamed.first { $0.message.hasPrefix("didUpdate(item:") })
        #expect(row.updates == 1 && row.redundantUpdates == 0)

        try lane.device.perform(.orders(.load))
        let loading = lane.settle(interrupted: { false }).frames.flatMap(\.hops)
        let title = try #require(loading.first { $0.message == "didUpdate(title:)" })
        #expect(title.updates == 1 && title.redundantUpdates == 1, "the title it showed already")
    }
}
