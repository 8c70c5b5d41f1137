// The experiments' view of a backend: what `:probe` and `bindlab matrix` may
// ask of its glue beyond making screens. Small on purpose: make a view model,
// attach views to it (a second one, a naive one), bind one again, change
// something through the view model's input, count what it keeps for its
// listeners. Everything else an experiment reads from the widgets, the
// tracer and the live-object census, as the shell does: what it reports is
// observed, never declared.

/// Why an experiment cannot be run on a backend, in a sentence the matrix
/// shows: the approach has no such thing, or it would crash the process.
public struct ProbeRefusal: Error, Equatable, Sendable {
    public let reason: String

    public init(_ reason: String) {
        self.reason = reason
    }
}

/// How a view the experiment attaches is wired to its view model.
public enum ProbeWiring: String, CaseIterable, Sendable {
    /// As the backend's own screens are wired: weak where the approach needs weak.
    case recommended
    /// The same wiring written without `[weak self]`: the capture of the view
    /// that the approach needs weak, made strong.
    case strongSelf
    /// The same wiring with `[unowned self]`. A backend refuses it when a
    /// delivery after the view is gone would crash the process (and says so).
    case unownedSelf
    /// The article's own code, where it holds a capture that makes a cycle
    /// (the article warns of it, or the playground does).
    case article
}

/// A change the experiment makes through the view model's input, as a view
/// would ask for it.
public enum ProbeChange: Equatable, Sendable {
    /// The orders load; they arrive after the data layer's latency.
    case load
    /// One row renamed. `"Order"` keeps what row N shows ("Order #N"): an
    /// equal value.
    case rename(row: Int, to: String)
    /// One row removed: the rows and the title ("Orders (99)") change, so
    /// that every listener a view has hears it.
    case remove(row: Int)
}

/// One orders view model of a backend, made with the backend's own glue, and
/// the views an experiment attaches to it.
///
/// The subject owns the view model, as a screen's owner would; the
/// experiment owns the views it attaches. Releasing a view is the experiment
/// dropping it; releasing everything is dropping the subject too.
public protocol ProbeSubject: AnyObject {
    /// A few words for the matrix: how the view model keeps its listeners
    /// ("one weak delegate", "a handler list").
    var listenerStorage: String { get }

    /// Makes one more of the backend's orders list views, binds it to the
    /// view model as `wiring` says, and shows it (`viewDidLoad`: in most
    /// approaches that loads). Its widgets and census entries go to `world`,
    /// which shares the subject's clock: give each view a world of its own
    /// and what each one received can be told apart.
    func attachView(in world: World, wiring: ProbeWiring) throws(ProbeRefusal) -> any Screen

    /// Binds `view` (one this subject attached) to the view model again,
    /// written the way the approach binds.
    func bindAgain(_ view: any Screen) throws(ProbeRefusal)

    /// Makes `change` through the view model's input.
    func change(_ change: ProbeChange) throws(ProbeRefusal)

    /// Hands `view` (one this subject attached) a second view model, made
    /// now and kept by the subject, bound the approach's way: a reused cell
    /// given its next row. `change(_:)` still goes to the first view model,
    /// so an experiment sees whether the view keeps hearing it.
    func rebindToNewViewModel(_ view: any Screen) throws(ProbeRefusal)

    /// `rebindToNewViewModel(_:)` as a reused view writes it when it forgets
    /// to unbind from the view model before (the Clean Architecture
    /// repository's "remove(observer:) on reuse"); refuses where the
    /// approach has no unbind to forget.
    func rebindForgettingUnbind(_ view: any Screen) throws(ProbeRefusal)

    /// Whose code `rebindToNewViewModel(_:)` is, in a few words: the
    /// article's (its setter, its reused cell) or the playground's, where the
    /// article hands no view a second view model.
    var rebindSource: String { get }

    /// How many entries the view model keeps for its listeners now, read from
    /// the approach's own storage, those of views that are gone included; a
    /// weak slot counts one while it holds a view.
    var registrations: Int { get }

    /// What a wiring means in this approach, in a few words ("bind(with:)
    /// without [weak self]"); empty for the recommended one.
    func describe(_ wiring: ProbeWiring) -> String

    /// A text field bound both ways to a view model value (seed 003's
    /// `<<>>>`), for the two-way echo experiment.
    func attachTwoWayField(in world: World) throws(ProbeRefusal) -> any TwoWayProbe

    /// Changes a view model value that no view read when it last drew (the
    /// untracked-property experiment: Observation tracks only what was read).
    func changeUnreadValue() throws(ProbeRefusal)

    /// Subscribes a bare listener to the rows the view model publishes, with
    /// the approach's own primitive (`observe(on:)`, `subscribe`, `>>`,
    /// `withObservationTracking`, `objectWillChange`): no view, none of a
    /// view binding's hops. `heard` is called inside the primitive's
    /// delivery, for each delivery after the call (a replay included), with
    /// what it delivered of row `row`. `form` is `.recommended` (the
    /// backend's own primitive) or `.article` (the article's own form, where
    /// the backend adapted it).
    func listen(toRow row: Int, form: ProbeWiring, _ heard: @escaping (ProbeDelivery) -> Void)
        throws(ProbeRefusal) -> any ProbeListener

    /// Two of the view model's commands bound, one after the other, to one
    /// button the approach's way (the 2015 article's `button >> command`),
    /// then the button tapped: which of them ran ("the first", "the second",
    /// "both"). It may trap: the experiment runs it in a child process.
    func bindTwoCommandsToOneButton() throws(ProbeRefusal) -> String
}

/// What a bare listener is told of one delivery.
public struct ProbeDelivery {
    /// The row's title in what the primitive delivered ("Gift #2"); nil when
    /// it delivers no value (a `Void` event, a will-change notification).
    public let delivered: String?
    /// Reads the row's title from the view model's property, as a handler
    /// would, from inside the delivery.
    public let readBack: () -> String?

    public init(delivered: String?, readBack: @escaping () -> String?) {
        self.delivered = delivered
        self.readBack = readBack
    }
}

/// A bare listener the experiment subscribed (`ProbeSubject.listen`).
public protocol ProbeListener: CensusExempt {
    /// How it is stopped, in a few words ("remove(observer:)").
    var stopping: String { get }
    /// Stops it the approach's way; refuses where the approach has no way.
    func stop() throws(ProbeRefusal)
}

extension ProbeSubject {
    public func describe(_ wiring: ProbeWiring) -> String { "" }

    public func rebindToNewViewModel(_ view: any Screen) throws(ProbeRefusal) {
        throw ProbeRefusal("this backend does not hand a view a new view model yet (ProbeSubject.rebindToNewViewModel)")
    }

    public func rebindForgettingUnbind(_ view: any Screen) throws(ProbeRefusal) {
        throw ProbeRefusal("nothing to forget: the approach has no unbind")
    }

    public var rebindSource: String { "the playground's: the article hands no view a second view model" }

    public func attachTwoWayField(in world: World) throws(ProbeRefusal) -> any TwoWayProbe {
        throw ProbeRefusal("no two-way binding: the view tells the view model, the view model tells the view")
    }

    public func changeUnreadValue() throws(ProbeRefusal) {
        throw ProbeRefusal("nothing is tracked by reading: the view model sends what it decides to send")
    }

    public func listen(toRow row: Int, form: ProbeWiring, _ heard: @escaping (ProbeDelivery) -> Void)
        throws(ProbeRefusal) -> any ProbeListener
    {
        throw ProbeRefusal(
            "no bare listener: the view model has one weak slot, which a listener would take from the view")
    }

    public func bindTwoCommandsToOneButton() throws(ProbeRefusal) -> String {
        throw ProbeRefusal("no command binding: the view sets its button's action itself")
    }
}

/// A listener the approach cannot stop: `stop()` says why.
open class UnstoppableProbeListener: ProbeListener {
    public let stopping: String

    public init(_ reason: String) {
        stopping = reason
    }

    public func stop() throws(ProbeRefusal) { throw ProbeRefusal(stopping) }
}

/// A field and a view model value bound both ways; the experiment types into
/// one side, sets the other, and counts what comes back (the field's widget
/// updates in its world's tracer, the value's sets here).
public protocol TwoWayProbe: AnyObject {
    /// The user types `text` into the field (the widget's own input path).
    func userTypes(_ text: String)
    /// The view model sets its value from code.
    func modelSets(_ text: String)
    var fieldText: String { get }
    var modelValue: String { get }
    /// How many times the view model's value has been set, by either side.
    var modelSetCount: Int { get }
}
