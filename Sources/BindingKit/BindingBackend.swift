/// Who a backend is: shown by `:backends` and `:explain`.
public struct BackendInfo: Sendable, Equatable {
    /// The id used at the prompt: `delegate`, `event-enum`, …
    public let id: String
    /// One line: the glue, in a few words.
    public let summary: String
    /// The article the approach comes from, and its year.
    public let article: String
    public let year: Int

    public init(id: String, summary: String, article: String, year: Int) {
        self.id = id
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
}

extension BindingBackend {
    public var traits: [BackendTrait] { [] }

    public func makeProbeSubject(in world: World) throws(ProbeRefusal) -> any ProbeSubject {
        throw ProbeRefusal("\(info.id) does not take part in the experiments yet (see ProbeSubject)")
    }
}
