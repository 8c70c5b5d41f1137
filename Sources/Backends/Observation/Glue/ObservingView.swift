import BindingKit
import Observation

/// A view that draws itself from the `@Observable` view models it reads, as
/// a SwiftUI view's `body` does: the successor of the container article's
/// `@ObservedObject`.
///
/// `render(into:)` reads the view model and sets the widgets. Whatever it
/// reads is tracked, and nothing else: a change to a property it did not
/// read costs the view nothing.
protocol ObservingView: AnyObject {
    /// Reads the view model and sets the widgets, through `changes` so that
    /// only what differs reaches the screen.
    func render(into changes: inout WidgetChanges)
}

/// What SwiftUI does for the views it shows, by hand: renders each inside
/// `withObservationTracking`, and when a property a render read is about to
/// change, renders the view again on a later main-queue turn, tracking
/// afresh.
///
/// The views invalidated in one turn are rendered together, in one pass on
/// the next turn, in the order they started — as SwiftUI updates the views
/// its changes invalidated in one pass, in the order of its view tree. The
/// pass exists for that order: a set that several views read calls their
/// `onChange`s in the order of the view model's registrar, which keeps its
/// observers in a dictionary, so the order would change from one run of the
/// process to the next.
///
/// The views of one screen, and of the screens it shows, share a queue; the
/// views own it.
class RenderQueue {
    private var pending: [RenderLoop] = []
    private var started = 0

    /// Renders `view` now, inside the turn that shows it, and again in a
    /// later pass each time something that render read changes.
    func start(_ view: some ObservingView) {
        let loop = loop(for: view)
        started += 1
        loop.rank = started
        loop.render()
    }

    /// The loop that renders `view` in this queue's passes: it holds the view weakly.
    func loop(for view: some ObservingView) -> RenderLoop {
        RenderLoop(view: view, queue: self)
    }

    /// Queues `loop`'s re-render, and the pass that runs it unless one is
    /// queued already.
    fileprivate func schedule(_ loop: RenderLoop) {
        if pending.isEmpty {
            DispatchQueue.main.async { self.renderPending() }
        }
        pending.append(loop)
    }

    private func renderPending() {
        let batch = pending.sorted { $0.rank < $1.rank }
        pending.removeAll()
        for loop in batch { loop.rerender() }
    }
}

/// One view's tracking: renders it inside `withObservationTracking`, and
/// when a property the render read is about to change, hands itself to its
/// queue for the next pass, which renders the view again and tracks afresh.
///
/// `onChange` fires once per tracking, in the property's `willSet` — before
/// the new value is stored — so it cannot render. Every set after the first,
/// until the re-render runs, finds no tracking left: several sets in one
/// turn make one re-render, which reads their final values (as SwiftUI
/// coalesces them into one update of the view).
///
/// What Observation keeps until the next change, the `onChange` closure,
/// holds the loop and its queue; the loop holds the view weakly, so a
/// released view is not kept alive by its view model: its last tracking
/// fires once, for nobody, and lets the loop go. The loop holds its queue
/// weakly too: a queue holds the loops waiting for their pass, and a pass
/// that never runs must not leave the two holding each other.
class RenderLoop {
    private weak var view: (any ObservingView)?
    private weak var queue: RenderQueue?
    /// Where the loop stands in its queue's passes: the order the views started.
    fileprivate(set) var rank = 0
    /// The playground's watch on the re-renders (`ObservationBackend+Trace.swift`); nil outside it.
    let trace: RenderTrace?

    init(view: some ObservingView, queue: RenderQueue) {
        self.view = view
        self.queue = queue
        trace = RenderTrace(rendering: view)
    }

    /// Renders inside `withObservationTracking`; nil when the view is gone.
    @discardableResult
    fileprivate func render() -> WidgetChanges? {
        guard let view, let queue else { return nil }
        var changes = WidgetChanges()
        let invalidate = MainThreadOnly(value: { [self, queue] in queue.schedule(self) })
        withObservationTracking {
            view.render(into: &changes)
        } onChange: {
            invalidate.value()
        }
        return changes
    }

    /// Something the last render read changed: render again, reading the latest values.
    fileprivate func rerender() {
        let changes = render()
        trace?.rerendered(changes)
    }
}
