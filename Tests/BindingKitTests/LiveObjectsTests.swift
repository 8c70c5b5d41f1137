import BindingKit
import Testing

@Suite struct LiveObjectsTests {
    final class Traced {
        let token: LiveObjects.Token
        init(_ alive: LiveObjects) { token = alive.track(Self.self) }
    }

    /// A tracked object counts while it lives and stops counting when it dies.
    @Test func countsFollowLifetimes() {
        let alive = LiveObjects()
        var first: Traced? = Traced(alive)
        let second = Traced(alive)
        #expect(alive.live("Traced") == 2)
        first = nil
        #expect(alive.live("Traced") == 1)
        #expect(alive.census.map(\.name) == ["Traced"])
        _ = (first, second)
    }

    /// The census keeps classes whose instances are all gone, at zero.
    @Test func censusKeepsZeroes() {
        let alive = LiveObjects()
        do { _ = Traced(alive) }
        #expect(alive.census.first?.live == 0)
        #expect(alive.totalLive == 0)
    }
}
