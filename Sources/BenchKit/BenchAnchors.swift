// The anchors `bindlab bench` measures beside the backends, in the same run
// and rounds: a direct call (every figure's ratio is to it), a strong
// closure array, a weak closure, a FIFO queue hop, Swift Observation. Each
// is the bare mechanism, with nothing of a backend around it.
//
// The optimiser is kept honest as in Tests/Benchmarks/BindingBench: the
// receiver's method is `@inline(never)` and adds a payload that changes per
// event, senders are built in `@inline(never)` factories, and the total is
// checked after each sample (a lost delivery fails the bench).
import BindingKit
import Observation
import Playground

/// The view every anchor delivers to: adds up what it is told.
final class AnchorReceiver {
    private(set) var total = 0

    @inline(never)
    func receive(_ value: Int) { total &+= value }
}

/// An `@Observable` model with one value, as an Observation view model.
@Observable
final class AnchorModel {
    var value = 0
}

/// Carries the receiver into `onChange`, which must be `@Sendable`. True
/// here without a check: the bench runs on one thread, which also sets the
/// property.
struct OneThread<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}

/// One anchor: a name and how to run `count` events through it.
struct BenchAnchor {
    let name: String
    /// Events delivered per send.
    let fanOut: Int
    /// Runs `sends` sends; returns the receiver's total, to be checked.
    let run: (_ sends: Int) -> (delivered: Int, expected: Int)

    /// The anchors, in the order the tables show them; the first is the
    /// direct call every ratio is to.
    static func all() -> [BenchAnchor] {
        [direct(), strongClosures(count: 10), weakClosure(), queueHop(), observation()]
    }

    @inline(never)
    static func makeReceiver() -> AnchorReceiver { AnchorReceiver() }

    /// A call of a method of a view held in a `let`: no reference counting.
    static func direct() -> BenchAnchor {
        let receiver = makeReceiver()
        return BenchAnchor(name: "direct call", fanOut: 1) { sends in
            let before = receiver.total
            for value in 0..<sends { receiver.receive(value) }
            return (receiver.total &- before, expectedSum(sends, fanOut: 1))
        }
    }

    /// `count` closures holding their view strongly, called in turn.
    static func strongClosures(count: Int) -> BenchAnchor {
        let receiver = makeReceiver()
        let handlers = makeStrongHandlers(receiver, count: count)
        return BenchAnchor(name: "strong closure array (\(count))", fanOut: count) { sends in
            let before = receiver.total
            for value in 0..<sends {
                for handler in handlers { handler(value) }
            }
            return (receiver.total &- before, expectedSum(sends, fanOut: count))
        }
    }

    @inline(never)
    static func makeStrongHandlers(_ receiver: AnchorReceiver, count: Int) -> [(Int) -> Void] {
        (0..<count).map { _ in { value in receiver.receive(value) } }
    }

    /// One closure holding its view weakly: `{ [weak view] in view?.… }`.
    static func weakClosure() -> BenchAnchor {
        let receiver = makeReceiver()
        let handler = makeWeakHandler(receiver)
        return BenchAnchor(name: "weak closure", fanOut: 1) { sends in
            let before = receiver.total
            for value in 0..<sends { handler(value) }
            return (receiver.total &- before, expectedSum(sends, fanOut: 1))
        }
    }

    @inline(never)
    static func makeWeakHandler(_ receiver: AnchorReceiver) -> (Int) -> Void {
        { [weak receiver] value in receiver?.receive(value) }
    }

    /// The delivery queued on the playground's main queue (FIFO at one
    /// instant), then run by its turn: what `DispatchQueue.main.async` is here.
    static func queueHop() -> BenchAnchor {
        let receiver = makeReceiver()
        let scheduler = VirtualScheduler()
        return BenchAnchor(name: "FIFO queue hop", fanOut: 1) { sends in
            let before = receiver.total
            for value in 0..<sends {
                scheduler.async { receiver.receive(value) }
                while scheduler.step() {}
            }
            return (receiver.total &- before, expectedSum(sends, fanOut: 1))
        }
    }

    /// Swift Observation: a tracked read registers an `onChange`, a set of
    /// the property fires it once; tracking again after each change is how
    /// a view keeps observing.
    static func observation() -> BenchAnchor {
        let receiver = makeReceiver()
        let model = AnchorModel()
        let carried = OneThread(receiver)
        return BenchAnchor(name: "Swift Observation", fanOut: 1) { sends in
            let before = receiver.total
            for value in 0..<sends {
                withObservationTracking {
                    _ = model.value
                } onChange: {
                    carried.value.receive(value)
                }
                model.value = value
            }
            return (receiver.total &- before, expectedSum(sends, fanOut: 1))
        }
    }

    /// 0 + 1 + … + (sends − 1), `fanOut` times.
    static func expectedSum(_ sends: Int, fanOut: Int) -> Int {
        (sends > 0 ? sends * (sends - 1) / 2 : 0) &* fanOut
    }
}
