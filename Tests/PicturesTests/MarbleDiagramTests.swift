import BindingKit
import Catalog
import Playground
import Testing

@testable import Pictures

/// The marble diagram as data: lanes, slots (an instant's turns), names.
@Suite struct MarbleDiagramTests {
    /// The diagram of `action` on a fresh stage of `ids`.
    static func diagram(_ ids: [String], _ actions: [UserAction]) throws -> MarbleDiagram {
        let backends = try ids.map { id in try #require(BackendRegistry.all.first { $0.info.id == id }) }
        let stage = Stage(backends: backends, data: DataEnvironment(), interrupted: { false })
        for action in actions { _ = stage.perform(action, command: "\(action)") }
        let last = try #require(stage.lastAction)
        return MarbleDiagram(command: last.command, settled: last.settled)
    }

    /// Several backends: a lane each, every hop a marble on its backend's lane, the output backend's first a main-queue turn after delegate's.
    @Test func aLanePerBackend() throws {
        let diagram = try Self.diagram(["delegate", "output"], [.orders(.load)])
        #expect(diagram.lanes.map(\.title) == ["delegate", "output"])
        #expect(diagram.lanes.allSatisfy { $0.receiver == nil })
        let delegate = diagram.lanes[0].marbles
        let output = diagram.lanes[1].marbles
        #expect(delegate.map(\.name) == ["a", "b", "c", "d", "e", "f"])
        #expect(delegate.first?.slot == MarbleDiagram.Slot(time: 0, turn: 0))
        #expect(output.first?.slot == MarbleDiagram.Slot(time: 0, turn: 1))
        #expect(delegate.last?.slot == MarbleDiagram.Slot(time: 1000, turn: 1), "the answer's timer")
        #expect(output.last.map { $0.slot.turn > 1 } == true, "a main-queue turn after the timer")
        #expect(diagram.slots == Set(diagram.marbles.map(\.slot)).sorted())
        #expect(diagram.backends.map { $0.marbles.count } == [delegate.count, output.count])
    }

    /// One backend: a lane per receiver, in the order they first heard; names run across them in the order the hops were recorded.
    @Test func aLanePerReceiver() throws {
        let diagram = try Self.diagram(["delegate"], [.orders(.load)])
        #expect(diagram.lanes.map(\.title) == ["list", "OrdersContentView", "ContainerView"])
        #expect(diagram.lanes.map { $0.marbles.map(\.name) } == [["a"], ["b", "d", "e"], ["c", "f"]])
        #expect(diagram.lanes.allSatisfy { lane in lane.marbles.allSatisfy { $0.hop.to == lane.receiver } })
    }

    /// A hop to a listener that is gone is a dropped marble; one that set a widget to what it showed is redundant.
    @Test func dropsAndRedundantRedraws() throws {
        let loaded = try Self.diagram(["delegate"], [.orders(.load)])
        #expect(loaded.marbles.filter(\.isRedundant).map(\.hop.message) == ["didUpdate(title:)"])
        #expect(loaded.marbles.allSatisfy { !$0.isDropped })
    }

    /// Names are letters, then letters with a round number: unique far beyond 52.
    @Test func namesStayUnique() {
        #expect(MarbleDiagram.name(0) == "a")
        #expect(MarbleDiagram.name(25) == "z")
        #expect(MarbleDiagram.name(26) == "A")
        #expect(MarbleDiagram.name(51) == "Z")
        #expect(MarbleDiagram.name(52) == "a1")
        #expect(MarbleDiagram.name(52 * 3 + 1) == "b3")
        #expect(Set((0..<10_000).map(MarbleDiagram.name)).count == 10_000)
    }

    /// An action with no hops has no slots and empty lanes, never a crash.
    @Test func nothingToDraw() {
        let diagram = MarbleDiagram(command: "x", runs: [(backend: "delegate", frames: [])])
        #expect(diagram.slots.isEmpty)
        #expect(diagram.lanes.isEmpty)
        #expect(diagram.backends.map(\.id) == ["delegate"])
    }
}
