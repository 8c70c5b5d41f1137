public import BindingKit

// What the playground adds to watch this backend, beside the article's code.
//
// The article's `Dynamic` calls bare closures: it knows neither who set it
// nor who hears it. So the host hands `decorate(_:in:)` every object of
// this backend before its view is shown (the views bind when their view has
// loaded, as the demo's pages do, so nothing is bound yet), and:
// - each `Dynamic` a view model stores gets the one hook a `Dynamic` has, a
//   trace named after the property (`isLoading`); a `Dynamic` derived from
//   it (`|`, `&`), when its parent retains it, gets one named after the
//   derivation (`isEmpty | { … }`), and the listener that feeds it is left
//   out. Each call of a listener is then a hop from the view model,
//   `OrdersViewModel → spinner.isAnimating  isLoading = true`;
// - each command a view model offers gets a command's one hook, so that an
//   execution is a hop from the widget that sent it (`list → OrdersViewModel
//   refresh.execute()`): the approach's own way from view to view model;
// - each widget of a view has its modifiers made now, as the article's
//   getters would make them, each around the article's one: called during a
//   delivery, it says which widget and property hear it (`spinner.
//   isAnimating`). A field's `textDynamic` is made now too, named after the
//   field (`search.text`), its one listener the field's own (`search.text`);
// - each listener is called with a stand-in for the main queue
//   (`World.queueing(through:_:)`): only the demo's list helper queues work
//   (its reload), so a listener that queued is a list helper's — the first
//   helper of the views bound to that `Dynamic` not known yet — and its
//   reload is traced when it runs, a turn later (`SimpleTableViewHelper →
//   list  reloadData()`, dropped when the helper has gone). A listener
//   known as a helper's that queues nothing has gone: its reload shows
//   dropped;
// - the view is told to the `Dynamic`s of its view models, where a list
//   helper is looked for, and a button whose command that `Dynamic` enables
//   (`loadMore.isEnabled`, the binding of `Commander.setCommand`); any other
//   listener is a bare closure (`→ listener`), recorded when its call ends
//   or, if the call causes a hop first, just before that hop.
// The two-way partner of a `Dynamic`, read from its slot, names the hop of a
// value that came across (`<<>>> query = "star"`) and the echo suppressed.
// The census leaves the approach's plumbing out (`:alive` counts views, view
// models, coordinators and cells). The gestures are traced by BindingKit's
// widgets.

extension DynamicBackend {
    public func decorate(_ object: AnyObject, in world: World) {
        traceObject(object, in: world)
    }
}

extension Dynamic: CensusExempt {}
extension PropertyModifier: CensusExempt {}
extension Command: CensusExempt {}
extension SimpleTableViewHelper: CensusExempt {}

// MARK: - Decoration

/// Watches `object` in `world`, if it is a view model (its `Dynamic`s and
/// commands) or a view (its widgets, and its view models' `Dynamic`s told of
/// it). What is watched already stays as it is.
///
/// - Complexity: O(*p*) in the object's stored properties and widgets (a
///   `Mirror`).
func traceObject(_ object: AnyObject, in world: World) {
    let session = TraceSession.of(world)
    traceDynamics(of: object, session)
    (object as? any CommandOwner)?.traceCommands(session)
    if let widgets = widgets(of: object) {
        traceWidgets(widgets, session)
        tellViewModels(of: object, session)
    }
}

/// Gives each `Dynamic` `owner` stores a trace named after its property,
/// then the `Dynamic`s derived from them theirs.
///
/// - Returns: the `Dynamic`s found.
@discardableResult
private func traceDynamics(of owner: AnyObject, _ session: TraceSession) -> [any TraceableDynamic] {
    var found: [any TraceableDynamic] = []
    let ownerName = "\(type(of: owner))"
    for child in Mirror(reflecting: owner).children {
        guard let label = child.label, let dynamic = child.value as? any TraceableDynamic else { continue }
        dynamic.trace(as: label, of: ownerName, session)
        found.append(dynamic)
    }
    for dynamic in found { dynamic.traceDerived() }
    return found
}

/// Tells `view` to the `Dynamic`s of the view models it holds.
private func tellViewModels(of view: AnyObject, _ session: TraceSession) {
    for child in Mirror(reflecting: view).children {
        guard let model = object(in: child.value), !(model is WidgetBase), !(model is any TraceableListHelper) else {
            continue
        }
        for dynamic in traceDynamics(of: model, session) { dynamic.traceBase?.tell(view) }
    }
}

/// The class instance `value` is or wraps in an optional, if any.
private func object(in value: Any) -> AnyObject? {
    let mirror = Mirror(reflecting: value)
    if mirror.displayStyle == .optional { return mirror.children.first.flatMap { object(in: $0.value) } }
    return type(of: value) is AnyObject.Type ? value as AnyObject : nil
}

/// The widgets of a view of this backend, the navigation title first; nil
/// for anything else.
func widgets(of view: AnyObject) -> [any Widget]? {
    func flattened(_ widgets: [any Widget]) -> [any Widget] {
        widgets.flatMap { widget in (widget as? Stack).map { [$0] + flattened($0.children) } ?? [widget] }
    }
    switch view {
    case let screen as any Screen: return flattened([screen.title] + screen.widgets)
    case let view as MoviesQueriesListView: return flattened(view.widgets)
    default: return nil
    }
}

/// Marks a widget whose modifiers are made.
private let tracedWidgetKey = AssociationKey<Bool>("traced")

/// Makes the modifiers of each widget, each around the article's one, so
/// that a delivery to it names its widget and property; and a field's
/// `textDynamic`, traced as the field's. A widget seen before is left.
func traceWidgets(_ widgets: [any Widget], _ session: TraceSession) {
    for case let widget as WidgetBase in widgets where getAssociatedObject(widget, tracedWidgetKey) == nil {
        setAssociatedObject(widget, tracedWidgetKey, true, .retain)
        switch widget {
        case let label as Label:
            wrap(label.textModifier, of: label, labelTextKey, "text", session)
            wrap(label.hiddenModifier, of: label, labelHiddenKey, "isHidden", session)
        case let spinner as Spinner:
            wrap(spinner.animatingModifier, of: spinner, spinnerAnimatingKey, "isAnimating", session)
        case let button as Button:
            wrap(button.enabledModifier, of: button, buttonEnabledKey, "isEnabled", session)
            wrap(button.hiddenModifier, of: button, buttonHiddenKey, "isHidden", session)
        case let field as TextField:
            wrap(field.textModifier, of: field, fieldTextKey, "text", session)
            wrap(field.placeholderModifier, of: field, fieldPlaceholderKey, "placeholder", session)
            // Its one listener so far is the field's own, which sets its text.
            let textDynamic = field.textDynamic
            textDynamic.trace(as: "text", of: field.name, session)
            textDynamic.trace?.receivers[0] = .named("\(field.name).text")
        default:
            break
        }
    }
}

/// Stores, under `key`, a modifier that says it hears the delivery under
/// way, then does what `original` does.
private func wrap<T>(
    _ original: PropertyModifier<T>, of widget: WidgetBase, _ key: AssociationKey<PropertyModifier<T>>,
    _ property: String, _ session: TraceSession
) {
    let receiver = "\(widget.name).\(property)"
    let traced = PropertyModifier<T> { v in
        TraceSession.current(or: session).received(by: receiver)
        original.modifier(v)
    }
    AssociatedObjectStore.shared.set(traced, for: key, on: widget)
}

// MARK: - The deliveries under way

/// One world's watch: its trace, and the deliveries under way in it,
/// innermost last, each waiting for its receiver to say who it is.
///
/// A receiver that can say (a modifier) records its delivery as it is
/// called. One that cannot (a list helper, a button's binding, a bare
/// closure) is recorded when its call ends, or, if that call causes a hop
/// first, just before that hop: a hop is always recorded after the
/// deliveries that caused it.
final class TraceSession: CensusExempt {
    let tracer: Tracer
    private var frames: [Frame] = []

    private struct Frame {
        let trace: DynamicTraceBase
        let index: Int
        let message: String
        var settled = false
    }

    private init(tracer: Tracer) {
        self.tracer = tracer
    }

    private static let key = AssociationKey<TraceSession>("dynamic trace")

    /// `world`'s watch, made the first time; the world keeps it.
    static func of(_ world: World) -> TraceSession {
        if let session = getAssociatedObject(world, key) { return session }
        let session = TraceSession(tracer: world.tracer)
        session.world = world
        setAssociatedObject(world, key, session, .assign)
        world.keep(session, whileAlive: world)
        return session
    }

    /// Where deliveries nest: in the watch of the world whose code runs
    /// (one delivery causes another there, whichever world's objects they
    /// are), else in `fallback`.
    static func current(or fallback: TraceSession) -> TraceSession {
        guard let world = World.current else { return fallback }
        // Most often the fallback's own world: no associated-object lookup then.
        return world === fallback.world ? fallback : of(world)
    }

    /// The world it is the watch of.
    private weak var world: World?

    func push(_ trace: DynamicTraceBase, _ index: Int, _ message: String) {
        frames.append(Frame(trace: trace, index: index, message: message))
    }

    /// Ends the innermost delivery.
    ///
    /// - Returns: whether it is still to be recorded.
    func pop() -> Bool {
        !frames.removeLast().settled
    }

    /// `derived` starts a delivery: if its parent is delivering to a
    /// listener, that listener is the derivation's feed, left out.
    func deliveryStarts(of derived: DynamicTraceBase) {
        guard let parent = derived.parent, let last = frames.indices.last, !frames[last].settled,
            frames[last].trace === parent
        else { return }
        frames[last].settled = true
        parent.receivers[frames[last].index] = .feed
    }

    /// The innermost delivery's receiver says it is `receiver`: the delivery
    /// is recorded to it, and remembered.
    func received(by receiver: String) {
        guard let last = frames.indices.last, !frames[last].settled else { return }
        frames[last].settled = true
        let frame = frames[last]
        frame.trace.receivers[frame.index] = .named(receiver)
        flush()
        frame.trace.session.tracer.hop(frame.message, from: frame.trace.owner, to: receiver)
    }

    /// Records a hop into `tracer`, after the deliveries that caused it.
    func record(_ message: String, from: String, to: String?, in tracer: Tracer) {
        flush()
        tracer.hop(message, from: from, to: to)
    }

    private func flush() {
        for index in frames.indices where !frames[index].settled {
            frames[index].settled = true
            frames[index].trace.recordUnnamed(at: frames[index].index, frames[index].message)
        }
    }
}

/// What is known of one listener of a `Dynamic`.
enum Receiver {
    /// A derived `Dynamic`'s feed: its own deliveries are traced instead.
    case feed
    /// A modifier, a button's `isEnabled`, a field's own listener.
    case named(String)
    /// A list helper's, which may have gone since, and the helper's list
    /// (found once: reading it costs a `Mirror`).
    case helper(WeakObject, list: WeakObject)
    /// A bare closure.
    case listener
}

struct WeakObject {
    weak var object: AnyObject?
}

/// The list helper, as the trace names it.
private let listHelper = "SimpleTableViewHelper"

// MARK: - A Dynamic's trace

/// How one `Dynamic` is traced, whatever its value: its owner and name as
/// the trace shows them, and what is known of its listeners.
class DynamicTraceBase: CensusExempt {
    let session: TraceSession
    /// The view model's type, or the field's name.
    let owner: String
    let property: String
    /// The trace of the `Dynamic` this one is derived from.
    weak var parent: DynamicTraceBase?
    /// What is known of each listener, by its place in the list.
    fileprivate(set) var receivers: [Int: Receiver] = [:]
    /// The views bound to the `Dynamic`.
    fileprivate var views: [WeakObject] = []

    init(session: TraceSession, owner: String, property: String) {
        self.session = session
        self.owner = owner
        self.property = property
    }

    /// `owner.property`, how a two-way hop names either side.
    var name: String { "\(owner).\(property)" }

    /// Remembers that `view` is bound to the `Dynamic`.
    func tell(_ view: AnyObject) {
        views.removeAll { $0.object == nil }
        guard !views.contains(where: { $0.object === view }) else { return }
        views.append(WeakObject(object: view))
    }

    /// Records the delivery to the listener at `index`, which did not say
    /// who it is, before a hop its call causes.
    fileprivate func recordUnnamed(at index: Int, _ message: String) {
        switch receivers[index] {
        case .feed?:
            return
        case .named(let receiver)?:
            session.tracer.hop(message, from: owner, to: receiver)
        case .helper?:
            session.tracer.hop(message, from: owner, to: listHelper)
        case .listener?, nil:
            receivers[index] = .listener
            session.tracer.hop(message, from: owner, to: "listener")
        }
    }
}

/// The hook of a `Dynamic<T>`: each call of a listener traced, and the
/// deliveries of a value that came from the two-way partner.
final class DynamicTrace<T>: DynamicTraceBase {
    private weak var dynamic: Dynamic<T>?
    private let describe: (T) -> String

    init(
        _ dynamic: Dynamic<T>, session: TraceSession, owner: String, property: String,
        describe: @escaping (T) -> String
    ) {
        self.dynamic = dynamic
        self.describe = describe
        super.init(session: session, owner: owner, property: property)
    }

    /// Calls `listeners` with `value`, as the article's loop does, each call
    /// traced; `fromPartner`: the value came from the two-way partner, which
    /// is not sent it back.
    func deliver(_ value: T, to listeners: ArraySlice<(T) -> Void>, fromPartner: Bool = false) {
        let frames = TraceSession.current(or: session)
        frames.deliveryStarts(of: self)
        // Made only when the trace keeps it: a list of orders described at
        // every change was most of a delivery's cost with tracing off.
        let message = session.tracer.isRecording ? "\(property) = \(describe(value))" : ""
        let partner = fromPartner ? partnerTrace : nil
        if let partner { frames.record("<<>>> \(message)", from: partner.name, to: name, in: session.tracer) }
        for (index, listener) in zip(listeners.indices, listeners) {
            frames.push(self, index, message)
            let reload = call(listener, with: value)
            if frames.pop() { recordAtEnd(index, message, reload, frames) }
        }
        if fromPartner { frames.record("echo suppressed", from: name, to: partner?.name, in: session.tracer) }
    }

    /// The `Dynamic` retained `object`, a `Dynamic` derived from it: the
    /// listener just added feeds it, and it is traced as derived.
    func retained(_ object: AnyObject) {
        guard let derived = object as? any TraceableDynamic else { return }
        if let dynamic { receivers[dynamic.listenerCount - 1] = .feed }
        derived.trace(derivedFrom: self)
    }

    /// Calls `listener` with the main queue watched: the work it queues (a
    /// list helper's reload) is traced when it runs.
    ///
    /// - Returns: what it queued, if anything.
    private func call(_ listener: (T) -> Void, with value: T) -> QueuedReload? {
        guard let world = World.current else {
            listener(value)
            return nil
        }
        let queue = ReloadQueue(downstream: world.clock, session: session)
        world.queueing(through: queue) { listener(value) }
        return queue.queued
    }

    /// The delivery to the listener at `index` ended without its receiver
    /// saying who it is; `reload`: what its call queued.
    private func recordAtEnd(_ index: Int, _ message: String, _ reload: QueuedReload?, _ frames: TraceSession) {
        if let reload {
            // Only a list helper queues: the one known here, else the first
            // of its views' helpers of this `Dynamic` not known yet.
            if case .helper(let known, let list)? = receivers[index], let helper = known.object {
                reload.helper = helper
                reload.list = list.object as? ListWidget
            } else {
                reload.helper = newListHelper()
                reload.list = (reload.helper as? any TraceableListHelper)?.list
                receivers[index] = .helper(WeakObject(object: reload.helper), list: WeakObject(object: reload.list))
            }
        }
        switch receivers[index] {
        case .feed?:
            return
        case .named(let receiver)?:
            frames.record(message, from: owner, to: receiver, in: session.tracer)
        case .helper?:
            frames.record(message, from: owner, to: listHelper, in: session.tracer)
            // A helper that queued nothing has gone (or its list has).
            if reload == nil { frames.record("reloadData()", from: listHelper, to: nil, in: session.tracer) }
        case .listener?:
            frames.record(message, from: owner, to: "listener", in: session.tracer)
        case nil:
            let receiver = boundButton().map { "\($0.name).isEnabled" }
            receivers[index] = receiver.map(Receiver.named) ?? .listener
            frames.record(message, from: owner, to: receiver ?? "listener", in: session.tracer)
        }
    }

    /// The first list helper, of the views bound to this `Dynamic`, that
    /// lists it and is not known yet as another of its listeners.
    private func newListHelper() -> AnyObject? {
        guard let dynamic else { return nil }
        let known = Set(
            receivers.values.compactMap { receiver -> ObjectIdentifier? in
                guard case .helper(let helper, _) = receiver, let object = helper.object else { return nil }
                return ObjectIdentifier(object)
            })
        for case let view? in views.map(\.object) {
            for child in Mirror(reflecting: view).children {
                guard let helper = child.value as? any TraceableListHelper, helper.lists(dynamic),
                    !known.contains(ObjectIdentifier(helper))
                else { continue }
                return helper
            }
        }
        return nil
    }

    /// The button of a view bound to this `Dynamic` whose command it enables
    /// (`Commander.setCommand` binds the button's `isEnabled` to it).
    private func boundButton() -> Button? {
        guard let dynamic else { return nil }
        for case let view? in views.map(\.object) {
            guard let widgets = widgets(of: view) else { continue }
            for case let button as Button in widgets {
                let commands = AssociatedObjectStore.shared.values(on: button).compactMap { $0 as? Command<Void> }
                if commands.contains(where: { $0.enabled === dynamic }) { return button }
            }
        }
        return nil
    }

    /// The two-way partner's trace, read from the `Dynamic`'s slot.
    private var partnerTrace: DynamicTraceBase? {
        guard let dynamic else { return nil }
        return (Mirror(reflecting: dynamic).descendant("externalDynamic") as? Dynamic<T>)?.trace
    }
}

/// A `Dynamic` of any value, as the decoration finds it in a `Mirror`.
protocol TraceableDynamic: AnyObject {
    var traceBase: DynamicTraceBase? { get }
    /// Traces it as `owner`'s `property`, unless it is traced.
    func trace(as property: String, of owner: String, _ session: TraceSession)
    /// Traces it as derived from `parent` (named after the derivation, unless
    /// it is traced), whose feed is left out.
    func trace(derivedFrom parent: DynamicTraceBase)
    /// Gives the `Dynamic`s derived from it their traces.
    func traceDerived()
}

extension Dynamic: TraceableDynamic {
    var traceBase: DynamicTraceBase? { trace }

    func trace(as property: String, of owner: String, _ session: TraceSession) {
        guard trace == nil else { return }
        trace = DynamicTrace(self, session: session, owner: owner, property: property) { describeForTrace($0) }
    }

    func trace(derivedFrom parent: DynamicTraceBase) {
        if trace == nil {
            trace = DynamicTrace(
                self, session: parent.session, owner: parent.owner, property: "\(parent.property) | { … }"
            ) { "\($0)" }
        }
        trace?.parent = parent
    }

    func traceDerived() {
        guard let trace else { return }
        for case let derived as any TraceableDynamic in retained { derived.trace(derivedFrom: trace) }
    }

    /// Traces it as `owner`'s `property` in `world`: a `Dynamic` no view
    /// model holds (a test's).
    @discardableResult
    func traced(_ property: String, of owner: String, in world: World) -> Self {
        trace(as: property, of: owner, TraceSession.of(world))
        return self
    }

    /// What it retains, read from its own storage (a `Mirror`).
    private var retained: [AnyObject] {
        Mirror(reflecting: self).descendant("retainedObjects") as? [AnyObject] ?? []
    }

    /// How many listeners were ever added, none ever removed: read from the
    /// article's private list (a `Mirror`).
    var listenerCount: Int {
        Mirror(reflecting: self).descendant("listeners").map { Mirror(reflecting: $0).children.count } ?? 0
    }
}

/// A value as the trace shows it: a text in quotes, a collection as its
/// count of rows, a case with its dot, a film's details as its title.
private func describeForTrace(_ value: Any) -> String {
    let mirror = Mirror(reflecting: value)
    if mirror.displayStyle == .optional {
        return mirror.children.first.map { describeForTrace($0.value) } ?? "nil"
    }
    switch value {
    case let text as String: return "\"\(text)\""
    case let lines as MovieDetailsLines: return "\"\(lines.title)\""
    case let rows as any Collection: return "\(rows.count) rows"
    default: return mirror.displayStyle == .enum ? ".\(value)" : "\(value)"
    }
}

// MARK: - Commands

/// The hook of a `Command<T>`: each execution a hop from the widget that
/// sent it to the view model, a refused one said so.
struct CommandTrace<T> {
    let session: TraceSession
    let owner: String
    let name: String

    func executed(_ value: T, sender: AnyObject?, enabled: Bool) {
        let from = (sender as? WidgetBase)?.name ?? "view"
        let message = "\(name).execute(\(T.self == Void.self ? "" : "\(value)"))"
        TraceSession.current(or: session).record(
            enabled ? message : "\(message): disabled, ignored", from: from, to: owner, in: session.tracer)
    }
}

/// A command of any value.
protocol TraceableCommand {
    func trace(as name: String, of owner: String, _ session: TraceSession)
}

extension Command: TraceableCommand {
    func trace(as name: String, of owner: String, _ session: TraceSession) {
        if trace == nil { trace = CommandTrace(session: session, owner: owner, name: name) }
    }
}

/// A view model's commands, by name. Read through their lazy properties, as
/// a view would: a command no view has used yet is made now.
protocol CommandOwner: AnyObject {
    var commands: [(name: String, command: any TraceableCommand)] { get }
}

extension CommandOwner {
    func traceCommands(_ session: TraceSession) {
        for (name, command) in commands { command.trace(as: name, of: "\(type(of: self))", session) }
    }
}

extension OrdersViewModel: CommandOwner {
    var commands: [(name: String, command: any TraceableCommand)] {
        [("refresh", refresh), ("openOrder", openOrder), ("renameOrder", renameOrder), ("removeOrder", removeOrder)]
    }
}

extension MoviesListViewModel: CommandOwner {
    var commands: [(name: String, command: any TraceableCommand)] {
        [
            ("search", search), ("loadNextPage", loadNextPage), ("selectItem", selectItem),
            ("cancelSearch", cancelSearch), ("showQueriesSuggestions", showQueriesSuggestions),
            ("closeQueriesSuggestions", closeQueriesSuggestions),
        ]
    }
}

extension MoviesQueriesListViewModel: CommandOwner {
    var commands: [(name: String, command: any TraceableCommand)] { [("select", select)] }
}

// MARK: - The list helper

/// The main queue while one listener runs: the work it queues goes on to
/// the world's clock, wrapped, so that a list helper's reload is traced as
/// it runs. (A delivery nested in the listener's call watches the queue for
/// its own listeners.)
private final class ReloadQueue: MainQueue {
    private let downstream: any MainQueue
    private let session: TraceSession
    private(set) var queued: QueuedReload?

    init(downstream: any MainQueue, session: TraceSession) {
        self.downstream = downstream
        self.session = session
    }

    func async(_ work: @escaping () -> Void) {
        let reload = queued ?? QueuedReload(session: session)
        queued = reload
        downstream.async {
            reload.runs()
            work()
        }
    }
}

/// A list helper's reload, queued: traced as it runs, to the helper's list,
/// or dropped when the helper has gone.
final class QueuedReload: CensusExempt {
    private let session: TraceSession
    /// The helper that queued it, known once its delivery has ended.
    weak var helper: AnyObject?
    /// The helper's list, as the helper holds it (weakly).
    weak var list: ListWidget?

    init(session: TraceSession) {
        self.session = session
    }

    func runs() {
        let list = helper == nil ? nil : self.list?.name
        TraceSession.current(or: session).record("reloadData()", from: listHelper, to: list, in: session.tracer)
    }
}

/// A list helper of any cell and data.
protocol TraceableListHelper: AnyObject {
    /// Whether `dynamic` is its data.
    func lists(_ dynamic: AnyObject) -> Bool
    /// Its list, while it has one.
    var list: ListWidget? { get }
}

extension SimpleTableViewHelper: TraceableListHelper {
    func lists(_ dynamic: AnyObject) -> Bool {
        (Mirror(reflecting: self).descendant("data") as? Dynamic<Data>) === dynamic
    }

    /// The article's `tableView`, which is private: read by a `Mirror`,
    /// once per listener (the trace keeps a weak reference to it).
    var list: ListWidget? { Mirror(reflecting: self).descendant("tableView") as? ListWidget }
}
