import BindingKit
import Observation

/// A view that draws itself from the `@Observable` view models it reads, as
/// a SwiftUI view's `body` does: the playground's stand-in for the
/// `@ObservedObject` of seed 002.
///
/// `render(into:)` reads the view model and sets the widgets. Whatever it
/// reads is tracked, and nothing else: a change to a property it did not
/// read costs the view nothing.
protocol ObservingView: AnyObject {
    /// Reads the view model and sets the widgets, through `changes` so that
    /// only what differs reaches the screen.
    func render(into changes: inout WidgetChanges)
}

/// What SwiftUI does for a view's body, by hand: renders the view inside
/// `withObservationTracking`, and when a property the render read is about
/// to change, has it rendered again on a later main-queue turn, tracking
/// afresh.
///
/// `onChange` fires once per tracking, in the property's `willSet` — before
/// the new value is stored — so it cannot render; it hands the loop to its
/// `RenderQueue`. Every set after the first, until the re-render runs, finds
/// no tracking left: several sets in one turn make one re-render, which reads
/// their final values (as SwiftUI coalesces them into one update of the
/// view). Each re-render is one traced hop, naming the widgets it changed.
///
/// The view owns its loop; the loop holds the view weakly, and what
/// Observation keeps (the `onChange` closure, until the next change) holds
/// the loop weakly, so a released view is not kept alive by its view model.
/// The loop holds its queue weakly too (the views own the queue): a queue
/// holds the loops waiting for their re-render, and a pass that never runs
/// (its lane dropped with the pass still queued) must not leave the queue and
/// its loops holding each other, and the world, forever.
final class RenderLoop {
    private weak var view: (any ObservingView)?
    private weak var queue: RenderQueue?
    /// Where the loop stands in its queue's render order: the order the views were made.
    let rank: Int
    let modelName: String
    private let viewName: String
    private let world: World
    /// For the experiments (`ProbeWiring.strongSelf`): `onChange` holds the
    /// view itself, as `onChange: { self.setNeedsRender() }` written in the
    /// view would.
    var holdsViewStrongly = false
    /// For the experiments: counts the trackings registered and not fired yet.
    var trackings: TrackingCount?

    /// - Parameters:
    ///   - model: the view model's type, for the trace.
    ///   - queue: the re-renders of the views of one screen and what it shows.
    init(view: some ObservingView, model: Any.Type, world: World, queue: RenderQueue) {
        self.view = view
        self.world = world
        self.queue = queue
        self.rank = queue.nextRank()
        self.modelName = String(describing: model)
        self.viewName = String(describing: type(of: view))
    }

    /// The first render: at once, inside the turn that shows the view.
    func start() {
        _ = renderTracked()
    }

    /// Renders inside `withObservationTracking`; returns the widgets changed.
    private func renderTracked() -> [String] {
        guard let view, let queue else { return [] }
        var changes = WidgetChanges()
        let held = holdsViewStrongly ? view : nil
        trackings?.count += 1
        let invalidate = MainThreadOnly(value: { [weak self, queue, rank, modelName, trackings] in
            trackings?.count -= 1
            queue.schedule(self, rank: rank, modelName: modelName, keeping: held)
        })
        withObservationTracking {
            view.render(into: &changes)
        } onChange: {
            invalidate.value()
        }
        return changes.names
    }

    /// A tracked property changed: render again, reading the latest values.
    func rerender() {
        let changed = renderTracked()
        let what = changed.isEmpty ? "no change" : changed.joined(separator: ", ")
        world.tracer.hop("render(): \(what)", from: modelName, to: viewName)
    }
}

/// The views of one screen (and the screens it shows) waiting for their
/// re-render: rendered together on the next main-queue turn, in the order
/// they were made — as SwiftUI updates the views its changes invalidated in
/// one pass, in the order of its view tree.
///
/// The pass exists for that order. A set that several views read calls their
/// `onChange`s in the order of the view model's registrar, which keeps its
/// observers in a dictionary: the order changes from one run of the process
/// to the next, and the playground's output must not.
final class RenderQueue {
    private let world: World
    private var pending: [(rank: Int, loop: RenderLoop?, modelName: String, kept: AnyObject?)] = []
    private var ranks = 0

    init(world: World) {
        self.world = world
    }

    /// The next view's place in the render order.
    func nextRank() -> Int {
        ranks += 1
        return ranks
    }

    /// Queues `loop`'s re-render (nil: its view is gone), and the pass that
    /// runs it unless one is queued already. The pass holds what it is
    /// handed to keep (a naive `onChange`'s view) until it has run.
    func schedule(_ loop: RenderLoop?, rank: Int, modelName: String, keeping kept: AnyObject? = nil) {
        if pending.isEmpty {
            world.mainQueue.async { self.renderPending() }
        }
        pending.append((rank, loop, modelName, kept))
    }

    private func renderPending() {
        let batch = pending.sorted { $0.rank < $1.rank }
        pending.removeAll()
        for (_, loop, modelName, _) in batch {
            guard let loop else {
                // The view went after it was rendered: its last tracking
                // fired once, for nobody.
                world.tracer.hop("render()", from: modelName, to: nil)
                continue
            }
            loop.rerender()
        }
    }
}
