internal import Dispatch
import Synchronization

/// `(0..<count).map(body)`, with `body` run on up to `threads` threads at
/// once (the caller's among them), each taking the next index not taken yet;
/// the results are in index order, whichever finished first.
///
/// `body` gets nothing shared that is not `Sendable`: what it makes (a shell,
/// its lanes and worlds) is its own, made and dropped on the thread that runs
/// it, and its result is handed back through the lock.
///
/// - Complexity: `count` calls of `body`, and two lock round trips each.
func concurrentMap<Result: Sendable>(
    _ count: Int, threads: Int, _ body: @Sendable (Int) -> Result
) -> [Result] {
    let workers = min(max(1, threads), count)
    guard workers > 1 else { return (0..<count).map(body) }
    let state = Mutex(ConcurrentMapState<Result>(count: count))
    DispatchQueue.concurrentPerform(iterations: workers) { _ in
        while let index = state.withLock({ $0.take() }) {
            let result = body(index)
            state.withLock { $0.results[index] = result }
        }
    }
    return state.withLock { state in state.results.map { $0! } }
}

/// The indices not taken yet and the results so far, of one `concurrentMap`.
private struct ConcurrentMapState<Result: Sendable>: Sendable {
    private var next = 0
    private let count: Int
    var results: [Result?]

    init(count: Int) {
        self.count = count
        results = Array(repeating: nil, count: count)
    }

    /// The next index to run, nil when every one is taken.
    mutating func take() -> Int? {
        guard next < count else { return nil }
        defer { next += 1 }
        return next
    }
}
