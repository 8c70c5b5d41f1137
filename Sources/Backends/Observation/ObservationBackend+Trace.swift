import BindingKit
import Observation

// What the playground adds to watch this backend, beside the approach's code.
//
// A view model here sends nothing and knows no view: what reaches a view is
// a re-render, which its render loop runs when something the last render
// read changed. So each loop made in a world (the host runs every
// `viewDidLoad` in one) gets one hook, a `RenderTrace` naming who is at each
// end: the `@Observable` view model the view renders from — its first stored
// property that is one, found with a `Mirror`, or its content's for a
// container — and the view. Each re-render is one hop naming the widgets it
// changed (`render(): title, list`, `render(): no change`), recorded in the
// world of the main-queue job that runs it, so it is `queued`; a re-render
// whose view went after its last render (the tracking it left fired once,
// for nobody) is `render()`, dropped. A view's first render, in the turn
// that shows it, is no hop: nothing changed to cause it. The gestures are
// traced by BindingKit's widgets. The census leaves the approach's plumbing
// out (`:alive` counts its views, view models and coordinators).

extension RenderLoop: CensusExempt {}
extension RenderQueue: CensusExempt {}
extension ShownOrders: CensusExempt {}

/// Who one render loop's re-renders go from and to.
struct RenderTrace {
    /// The view model's type; `Observable` if the view holds none the trace can see.
    let model: Any.Type
    let view: Any.Type

    /// The trace of a loop made now to render `view`; nil outside a world.
    init?(rendering view: some ObservingView) {
        guard World.current != nil else { return nil }
        self.model = renderedModel(of: view) ?? (any Observable).self
        self.view = type(of: view)
    }

    /// Records one re-render: the widgets it changed, or dropped (`changes`
    /// nil) when the view is gone.
    func rerendered(_ changes: WidgetChanges?) {
        guard let tracer = World.current?.tracer else { return }
        guard let changes else { return tracer.hop("render()", from: model, to: nil) }
        let changed = changes.names.isEmpty ? "no change" : changes.names.joined(separator: ", ")
        tracer.hop("render(): \(changed)", from: model, to: view)
    }
}

/// The type of the `@Observable` view model `view` renders from: its first
/// stored property that is one, else that of a view it holds (a container
/// renders from its content's).
///
/// - Complexity: O(*p*) in the stored properties of the view and its content.
private func renderedModel(of view: Any) -> Any.Type? {
    let values = Mirror(reflecting: view).children.map(\.value)
    if let model = values.first(where: { $0 is any AnyObject & Observable }) { return type(of: model) }
    return values.lazy.filter { $0 is any ObservingView }.compactMap(renderedModel(of:)).first
}
