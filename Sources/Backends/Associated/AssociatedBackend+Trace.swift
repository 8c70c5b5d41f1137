public import BindingKit

// What the playground adds to watch this backend, beside the article's code.
//
// A view model here says one thing, `changed.raise()`, and each view given
// it answers by calling its own `viewModelChanged(_:)`. So the host hands
// `decorate(_:in:)` every object of this backend before its view is shown,
// and each view model's `changed` gets the one hook an `Event` has: a trace
// that records each delivery as `viewModelChanged(_:)` from the view model
// to the view, then the cells that view's list hands their view models
// (`anyViewModel ×10`, the rows in view), and a raise nobody hears as
// `changed`, dropped. The `viewModel` setter also calls
// `viewModelChanged(_:)` at once, in the assembly, before the host can
// watch: that first draw is recorded when the host first sees the view
// model, for each view it was given, in the order they were (the order of
// its `changed`'s subscribers). A view its view model's `changed` does not
// list (one whose view model has no `changed`, or one given it with the
// first default implementation, `associated-first`'s) drew once, when it was
// given it: that draw is recorded as the host first sees the view, and
// every raise of its view model after is `changed`, dropped. The census
// leaves the approach's plumbing out (`:alive` counts views, view models, coordinators and cells). The
// gestures are traced by BindingKit's widgets.

extension AssociatedBackend {
    public func decorate(_ object: AnyObject, in world: World) {
        switch object {
        case let viewModel as any INotifyOnChanged:
            traceChanged(of: viewModel, in: world)
        case let view as any IHaveAnyViewModel where !(view is TableViewCell):
            // A view that does not listen to its view model (a film's details,
            // whose view model has no `changed`; any view of the first try)
            // drew once, when it was given it. A container's content was
            // given it first (the assembly's order), though the host finds
            // the container first.
            if let content = Mirror(reflecting: view).descendant("content") as? any IHaveAnyViewModel {
                recordFirstDraw(of: content, in: world)
            }
            recordFirstDraw(of: view, in: world)
        default:
            break
        }
    }
}

/// Where the decoration notes that a view's first draw is in the trace.
private let firstDrawRecorded = AssociationKey<Bool>("first draw recorded (trace)")

/// Records the draw `view` made when it was given its view model, once,
/// unless it listens to it (then its view model's trace recorded it).
private func recordFirstDraw(of view: any IHaveAnyViewModel, in world: World) {
    guard let viewModel = view.anyViewModel, getAssociatedObject(view, firstDrawRecorded) == nil else { return }
    if let notifying = viewModel as? any INotifyOnChanged,
        notifying.changed.subscribers.contains(where: { $0 === view })
    {
        return
    }
    setAssociatedObject(view, firstDrawRecorded, true, .retain)
    EventTrace(tracer: world.tracer, source: type(of: viewModel)).drew(view)
}

extension Event: CensusExempt {}
extension Weak: CensusExempt {}

/// Gives `viewModel`'s `changed` a trace into `world` (one that has a trace
/// keeps it), and records the first draw of each view given it so far.
func traceChanged(of viewModel: any INotifyOnChanged, in world: World) {
    let changed = viewModel.changed
    guard changed.trace == nil else { return }
    let trace = EventTrace(tracer: world.tracer, source: type(of: viewModel))
    changed.trace = trace
    for view in changed.subscribers { trace.drew(view) }
}

/// Records that `view` has just been given a view model it already had
/// (`view.viewModel = viewModel` again): the setter drew it at once.
func traceViewModelSet(on view: any IHaveAnyViewModel, in world: World) {
    guard let viewModel = view.anyViewModel else { return }
    EventTrace(tracer: world.tracer, source: type(of: viewModel)).drew(view)
}

/// Where one view model's `changed` is traced (an `Event`'s hook), and how
/// a view's redraw reads in the trace.
struct EventTrace {
    let tracer: Tracer
    /// The view model.
    let source: Any.Type

    /// Runs one raise's handlers, each delivery traced as the redraw it
    /// asks for; a raise that reaches nobody shows `changed`, dropped.
    ///
    /// - Parameters:
    ///   - handlers: the snapshot, its keys still weak: a subscriber that an
    ///     earlier handler of the round lets go of is not kept alive for its
    ///     turn; its handler returns at once, and the trace shows it dropped.
    func round<Args>(_ handlers: [(key: Weak<AnyObject>, handler: (Args) -> Void)], _ args: Args) {
        if handlers.isEmpty { tracer.hop("changed", from: source, to: nil) }
        for (key, handler) in handlers {
            guard let view = key.value else {
                tracer.hop("changed", from: source, to: nil)
                continue
            }
            tracer.hop("viewModelChanged(_:)", from: source, to: type(of: view))
            handler(args)
            cellsConfigured(by: view)
        }
    }

    /// `view` has just run `viewModelChanged(_:)`.
    func drew(_ view: AnyObject) {
        tracer.hop("viewModelChanged(_:)", from: source, to: type(of: view))
        cellsConfigured(by: view)
    }

    /// The cells a redraw of `view` configures through `anyViewModel`: its
    /// list's data source hands the one reused cell a view model for each
    /// row in view, when the list next draws.
    private func cellsConfigured(by view: AnyObject) {
        let cells: (list: ListWidget, cell: AnyObject.Type)? =
            switch view {
            case let view as OrdersVC: (view.list, OrderCell.self)
            case let view as MoviesListView: (view.outlets.list, MoviesListItemCell.self)
            case let view as MoviesQueriesListView: (view.list, MoviesQueriesItemCell.self)
            case let view as Boilerplate.OrdersVC: (view.list, Boilerplate.OrderCell.self)
            case let view as Boilerplate.MoviesListView: (view.outlets.list, Boilerplate.MoviesListItemCell.self)
            case let view as Boilerplate.MoviesQueriesListView: (view.list, Boilerplate.MoviesQueriesItemCell.self)
            default: nil
            }
        guard let cells, cells.list.count > 0 else { return }
        let drawn = min(cells.list.count, ListWidget.visibleRows)
        tracer.hop("anyViewModel ×\(drawn)", from: type(of: view), to: cells.cell)
    }
}

extension Event {
    /// The article's private handlers, read from the event's own storage as
    /// the census reads it (a `Mirror`): each subscriber's key, in
    /// subscription order, dead ones included.
    private var keys: [Weak<AnyObject>] {
        guard let handlers = Mirror(reflecting: self).descendant("handlers") else { return [] }
        return Mirror(reflecting: handlers).children.compactMap { entry in
            Mirror(reflecting: entry.value).children.first?.value as? Weak<AnyObject>
        }
    }

    /// The live subscribers, in the order they subscribed.
    var subscribers: [AnyObject] { keys.compactMap(\.value) }

    /// How many live subscribers there are.
    var subscriberCount: Int { subscribers.count }

    /// How many handlers are kept, those of dead subscribers included (they
    /// go at the next `subscribe`).
    var entryCount: Int { keys.count }
}
