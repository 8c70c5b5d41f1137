internal import Dispatch

#if canImport(Glibc)
    internal import Glibc
#elseif canImport(Darwin)
    internal import Darwin
#endif

/// `(0..<count).map(transform)`, with the transforms run at once on up to
/// `count` threads (the caller's among them); the results are in index order,
/// whichever thread finished first.
///
/// Loading the catalogue uses this to read, parse and fold on every core. The
/// transforms run concurrently with one another, so `transform` must only read
/// what they share (the file's bytes, the table), or write parts of it no
/// other transform touches (the file is read into disjoint ranges of one
/// buffer), and build its own result. The compiler cannot check that
/// (`UnsafeBufferPointer`, which they use, is not `Sendable`), hence the
/// unchecked box. A slot is written by one iteration only, and read after all
/// of them.
func concurrentMap<Result>(_ count: Int, _ transform: (Int) -> Result) -> [Result] {
    guard count > 1 else { return (0..<count).map(transform) }
    return withoutActuallyEscaping(transform) { transform in
        let slots = UnsafeMutablePointer<Result>.allocate(capacity: count)
        defer { slots.deallocate() }
        let shared = UncheckedSendable(value: (transform: transform, slots: slots))
        DispatchQueue.concurrentPerform(iterations: count) { index in
            (shared.value.slots + index).initialize(to: shared.value.transform(index))
        }
        return (0..<count).map { (slots + $0).move() }
    }
}

/// The processors online, at most `limit` (the catalogue's parts; the
/// sessions `check` runs at once). (Foundation's
/// `activeProcessorCount` also honours the CPU affinity, which the C
/// library's module does not expose; under `taskset` the parts then share
/// fewer cores, and the result is the same.)
package func processorCount(limit: Int) -> Int {
    max(1, min(Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))), limit))
}

/// A value shared across threads that the compiler cannot check; see
/// `concurrentMap(_:_:)` for why that is safe where it is used.
private struct UncheckedSendable<Value>: @unchecked Sendable {
    let value: Value
}
