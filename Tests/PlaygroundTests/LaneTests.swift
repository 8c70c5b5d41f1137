import Catalog
import Testing

@testable import Playground

@Suite struct SharedOrdersTests {
    /// Lanes answered the same generated orders stay independent: a rename or remove in one never shows in another.
    @Test func aChangeInOneLaneNeverShowsInAnother() throws {
        let data = DataEnvironment()
        // A backend whose views never hear of a change shows no orders to change.
        let notifying = BackendRegistry.all.filter { backend in
            !backend.traits.contains { if case .viewsNeverHearOfChanges = $0 { true } else { false } }
        }
        let lanes = notifying.flatMap { backend in
            [
                Lane(backend: backend, data: data, network: NetworkConditions()),
                Lane(backend: backend, data: data, network: NetworkConditions()),
            ]
        }
        for lane in lanes {
            lane.orders.count = 1_000
            try lane.device.perform(.orders(.load))
            _ = lane.settle(interrupted: { false })
        }
        for (index, lane) in lanes.enumerated() where index % 2 == 0 {
            try lane.device.perform(.orders(.rename(row: 1, name: "Gift")))
            try lane.device.perform(.orders(.remove(row: 0)))
            _ = lane.settle(interrupted: { false })
        }
        for (index, lane) in lanes.enumerated() {
            let screen = lane.render().joined(separator: "\n")
            if index % 2 == 0 {
                #expect(screen.contains("Orders (999)"), "\(lane.id)")
                #expect(screen.contains("Gift #1"), "\(lane.id)")
            } else {
                #expect(screen.contains("Orders (1000)"), "\(lane.id)")
                #expect(
                    screen.contains("Order #0") && screen.contains("Order #1") && !screen.contains("Gift"), "\(lane.id)"
                )
            }
        }
    }
}
