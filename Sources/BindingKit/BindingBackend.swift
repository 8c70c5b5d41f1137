/// Who a backend is: shown by `:backends` and `:explain`.
///
/// One approach may ship in several forms (seed 004's article `Observable`
/// and its repository's): each variant is a backend of its own, naming the
/// approach it belongs to. The default variant's id is the approach's.
public struct BackendInfo: Sendable, Equatable {
    /// The id used at the prompt: `delegate`, `event-enum`, …
    public let id: String
    /// The approach this backend is a form of: its id for a backend that is
    /// the approach's only or default form; another backend's id otherwise.
    public let approach: String
    /// What makes this form differ from the approach's default; nil for the
    /// default form.
    public let variant: String?
    /// One line: the glue, in a few words.
    public let summary: String
    /// The article the approach comes from, and its year.
    public let article: String
    public let year: Int

    public init(
        id: String, approach: String? = nil, variant: String? = nil, summary: String, article: String, year: Int
    ) {
        self.id = id
        self.approach = approach ?? id
        self.variant = variant
        self.summary = summary
        self.article = article
        self.year = year
    }
}

/// A way the approach itself makes a backend differ from the common
/// behaviour. The conformance suite checks the declared difference instead
/// of the common behaviour, so a difference is never silently skipped.
public enum BackendTrait: Hashable, Sendable {
    /// After the view is released and the queue drained, these classes keep
    /// live instances, because the approach holds them.
    case keepsAliveAfterRelease(classes: [String], reason: String)
    /// Any change redraws the whole view, so updates outnumber changes.
    case coarseUpdates(reason: String)
    /// View model events reach the views on a later main-queue turn, not
    /// inside the turn that caused them: the screens match after each
    /// instant, but differ turn by turn (`:clock step`).
    case deliversOnLaterTurn(reason: String)
    /// Only the data layer's answers reach the views on a later main-queue
    /// turn (the view model hops them, as seed 004's does with its injected
    /// main queue); what the user does is delivered inside its own turn.
    case deliversAnswersOnLaterTurn(reason: String)
    /// A view is given the current value when it starts listening, but on a
    /// later main-queue turn: what the user does on a screen in the instant
    /// it opens is overwritten when the replay arrives (typing into the
    /// movies search field, for one).
    case replaysOnLaterTurn(reason: String)
    /// An output keeps one observer and observing it again replaces the one
    /// before, so of seed 002's two observers (the container observes first,
    /// then its content) only the content hears what both observe: the
    /// movies screen's full-screen spinner never shows.
    case lastObserverWins(reason: String)
    /// One change reaches several listeners in an order the approach leaves
    /// unspecified (a dictionary's), which may differ from run to run: the
    /// trace records such a round sorted and marks it (`Tracer.unordered`).
    case deliversInNoDefinedOrder(reason: String)
    /// Nothing tells a view that its view model changed: each view draws what
    /// its view model holds when it is given it, and never again (seed 001's
    /// first try, «на самом деле нет»). The screens' common behaviour — the
    /// orders after a load, a search's results, the spinner — cannot be
    /// seen; the conformance suite checks that nothing after the first draw
    /// is, instead.
    case viewsNeverHearOfChanges(reason: String)
}

/// One binding approach: builds each screen's views and view models, wired
/// the way its article wires them. A backend knows nothing of the shell or of
/// other backends; the shell knows it only through this contract.
public protocol BindingBackend: Sendable {
    var info: BackendInfo { get }
    var traits: [BackendTrait] { get }

    /// Makes the orders list screen (its container view, content view and
    /// view model), ready to be the root of `navigator`.
    func makeOrdersScreen(in world: World, navigator: Navigator) -> any Screen

    /// Makes the movies search screen (seed 004's flow), ready to be the root of `navigator`.
    func makeMoviesScreen(in world: World, navigator: Navigator) -> any Screen

    /// Makes an orders view model with this backend's glue, for the
    /// experiments (`:probe`, `bindlab matrix`) to attach views to and change.
    /// The default refuses, and the matrix shows why.
    func makeProbeSubject(in world: World) throws(ProbeRefusal) -> any ProbeSubject

    /// The playground's watch on one object the backend made, in `world`:
    /// where its `+Trace` file names what the object sends and puts its
    /// tracing proxies (a delegate's stand-in that records each call), so
    /// that the article's types carry no instrumentation.
    ///
    /// The host calls it once for each object of the backend's module, in
    /// the order they were made, at the first quiet point after: before a
    /// screen or child view is shown (its `viewDidLoad`), after each turn of
    /// the clock, after each command. The default does nothing.
    func decorate(_ object: AnyObject, in world: World)
}

extension BindingBackend {
    public var traits: [BackendTrait] { [] }

    public func makeProbeSubject(in world: World) throws(ProbeRefusal) -> any ProbeSubject {
        throw ProbeRefusal("\(info.id) does not take part in the experiments yet (see ProbeSubject)")
    }

    public func decorate(_ object: AnyObject, in world: World) {}
}

extension BackendInfo {
    /// Whether this is the approach's default (or only) form.
    public var isDefaultVariant: Bool { approach == id }
}
