import AssociatedBackend
public import BindingKit
import DelegateBackend
import DynamicBackend
import EventBackend
import EventEnumBackend
import ObservableBackend
import ObservationBackend
import OutputBackend
import PublishedBackend
import WorkshopBackend

/// Every backend the playground knows, in the order `:backends` lists them.
/// Adding a backend is one line here; the shell, the sessions and the
/// conformance suite find it through this list. A variant of an approach
/// (`BackendInfo.approach`) comes right after the approach's default.
public enum BackendRegistry {
    /// The shipped backends, then an attendee's, once `bindlab kit new` has
    /// written one into the workshop's slot (Docs/workshop.md, "The kit").
    public static let all: [any BindingBackend] = shipped + Workshop.registered

    /// The backends the repository ships: what the generated docs are made
    /// of, so that a kit in progress never lands in them.
    public static let shipped: [any BindingBackend] = [
        DelegateBackend(),
        EventEnumBackend(),
        OutputBackend(),
        OutputBackend(.manual),
        OutputBackend(.unerasedBind),
        AssociatedBackend(),
        AssociatedBackend(.firstTry),
        AssociatedBackend(.boilerplate),
        EventBackend(),
        ObservableBackend(),
        ObservableBackend(.article),
        ObservableBackend(.mainQueue),
        ObservableBackend(.queuedNotifications),
        DynamicBackend(),
        PublishedBackend(),
        ObservationBackend(),
    ]

    /// What `all` means for `:use` and `--backend`: every backend that works
    /// as an app. An article's step that the article itself shows not
    /// working (a view that never hears of a change, `associated-first`) is
    /// listed by `:backends`, runs in the matrix and its own session, and is
    /// used by its name; `all` leaves it out, so that the shared sessions and
    /// `:compare` are not made of its failures.
    public static var inAll: [any BindingBackend] {
        all.filter { backend in
            !backend.traits.contains { if case .viewsNeverHearOfChanges = $0 { true } else { false } }
        }
    }

    /// The backend used when none is named.
    public static var defaultBackend: any BindingBackend { all[0] }

    /// The ids, in order.
    public static var ids: [String] { all.map(\.info.id) }

    /// The ids of the backends that are forms of `approach`, the default first.
    public static func variants(of approach: String) -> [String] {
        all.filter { $0.info.approach == approach }.map(\.info.id)
    }

    /// The backend called `id`, if there is one.
    public static func backend(_ id: String) -> (any BindingBackend)? {
        all.first { $0.info.id == id.lowercased() }
    }
}
