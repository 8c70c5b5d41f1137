// WorkshopBackend: the workshop's slot (`bindlab kit`; Docs/workshop.md,
// "The kit").
//
// This file is the placeholder the `WorkshopBackend` target of Package.swift
// holds, and on its own it registers no backend. `bindlab kit new NAME`
// writes an attendee's backend beside it, laid out as every backend is
// (Glue/, Orders/, Movies/, the assembly, its +Trace and +Probe files), and
// `KitRegistration.swift`, which names it: the registry lists
// `Workshop.registered`, so `--backend NAME`, `:use`, `:probe`, `check
// --backend` and the matrix see it with no edit to Package.swift or to the
// registry. Everything in this folder but this file is git-ignored.
// May import: Domain, BindingKit.
public import BindingKit

/// The backends of the workshop's slot, for the registry: none until
/// `bindlab kit new` has written one.
public enum Workshop {
    public static var registered: [any BindingBackend] { KitSlot.backends }
}

/// Where `KitRegistration.swift` names the kit's backend: its
/// `extension KitSlot { static var backends … }` is the type's own member,
/// which Swift prefers to this protocol's default of none. Without the file
/// the default answers.
protocol KitSlotting {
    static var backends: [any BindingBackend] { get }
}

extension KitSlotting {
    static var backends: [any BindingBackend] { [] }
}

enum KitSlot: KitSlotting {}

/// What the kit asks of an attendee's backend beyond the contract: the
/// choices its tasks have the attendee declare, and a handle on its Glue
/// for the capstone's checks.
public protocol KitBackend: BindingBackend {
    /// Task 6: what a view that starts listening late gets, as the attendee
    /// chose it; nil until declared. The `replay` experiment checks it.
    var replay: ReplayPolicy? { get }

    /// Task 9: a new `Observable<Int>` of the backend's Glue holding `value`,
    /// which the capstone's checks observe, remove from and set.
    func makeObservable(_ value: Int) -> any ObservableUnderTest
}

/// A replay policy, named as the `replay` experiment reports it.
public enum ReplayPolicy: String, CaseIterable, Sendable {
    /// The current rows reach a late view as it starts listening.
    case atOnce = "at once"
    /// They reach it on a main-queue turn after.
    case aTurnLater = "a turn later"
    /// Nothing is replayed: a late view gets rows when it loads again.
    case reloads = "no (reloads)"
    /// Nothing is replayed, and a late view does not load again.
    case none = "no"
}

/// A closure `Observable` of the Clean Architecture article's repository
/// (kudoleh/iOS-Clean-Architecture-MVVM), holding an `Int`: the API the
/// capstone's checks drive.
public protocol ObservableUnderTest: AnyObject {
    var value: Int { get set }
    func observe(on observer: AnyObject, observerBlock: @escaping (Int) -> Void)
    func remove(observer: AnyObject)
}
