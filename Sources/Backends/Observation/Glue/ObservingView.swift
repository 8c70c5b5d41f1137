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
/// to change, renders it again on the next main-queue turn, tracking afresh.
///
/// `onChange` fires once per tracking, in the property's `willSet` — before
/// the new value is stored — so it cannot render; it schedules. Every set
/// after the first, until the re-render runs, finds no tracking left: several
/// sets in one turn make one re-render, which reads their final values (as
/// SwiftUI coalesces them into one update of the view). Each re-render is
/// one traced hop, naming the widgets it changed.
///
/// The view owns its loop; the loop holds the view weakly, and what
/// Observation keeps (the `onChange` closure, until the next change) holds
/// the loop weakly, so a released view is not kept alive by its view model.
final class RenderLoop {
    private weak var view: (any ObservingView)?
    private let world: World
    private let modelName: String
    private let viewName: String
    /// For the experiments (`ProbeWiring.strongSelf`): `onChange` holds the
    /// view itself, as `onChange: { self.setNeedsRender() }` written in the
    /// view would.
    var holdsViewStrongly = false
    /// For the experiments: counts the trackings registered and not fired yet.
    var trackings: TrackingCount?

    /// - Parameter model: the view model's type, for the trace.
    init(view: some ObservingView, model: Any.Type, world: World) {
        self.view = view
        self.world = world
        self.modelName = String(describing: model)
        self.viewName = String(describing: type(of: view))
    }

    /// The first render: at once, inside the turn that shows the view.
    func start() {
        _ = renderTracked()
    }

    /// Renders inside `withObservationTracking`; returns the widgets changed.
    private func renderTracked() -> [String] {
        guard let view else { return [] }
        var changes = WidgetChanges()
        let held = holdsViewStrongly ? view : nil
        trackings?.count += 1
        let invalidate = MainThreadOnly(value: { [weak self, world, modelName, trackings] in
            trackings?.count -= 1
            world.mainQueue.async {
                _ = held
                guard let self else {
                    // The view went after it was rendered: its last tracking
                    // fires once, for nobody.
                    world.tracer.hop("render()", from: modelName, to: nil)
                    return
                }
                self.rerender()
            }
        })
        withObservationTracking {
            view.render(into: &changes)
        } onChange: {
            invalidate.value()
        }
        return changes.names
    }

    /// A tracked property changed: render again, reading the latest values.
    private func rerender() {
        let changed = renderTracked()
        let what = changed.isEmpty ? "no change" : changed.joined(separator: ", ")
        world.tracer.hop("render(): \(what)", from: modelName, to: viewName)
    }
}
