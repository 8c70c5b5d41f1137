/// Row numbers that look random and are the same on every run (a linear
/// congruential generator, Knuth's MMIX constants), for the tests that edit
/// a list thousands of times and compare it with an array.
struct SeededRows {
    private var seed: UInt64

    init(seed: UInt64) { self.seed = seed }

    /// A row in `0..<count`.
    mutating func next(_ count: Int) -> Int {
        seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return Int((seed >> 33) % UInt64(count))
    }
}
