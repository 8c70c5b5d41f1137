// ConformanceTests: one suite, run against every backend, checking that each
// draws the same screens for the same actions on the same fake model and lets
// go of everything once its views are released — or, where its approach
// forbids that, exactly what it declares instead.
// May import: BindingKit, Domain, Playground (for the registry),
// PlaygroundTestSupport (TestApp and the fakes, re-exported here to every
// file of the suite) and the backends under test (for their
// backend-specific tests).
import BindingKit
import Playground
@_exported import PlaygroundTestSupport

/// Every backend the suite checks: the registry's, so that a new backend is
/// checked the moment it is registered, with no edit here.
let backends: [any BindingBackend] = BackendRegistry.all

/// The backends whose views hear of their view models' changes: the screen
/// suites run on these. A backend that declares its views never do
/// (`viewsNeverHearOfChanges`, seed 001's first try) is checked for exactly
/// that instead (`TraitsTests`).
let notifyingBackends: [any BindingBackend] = backends.filter { !$0.declaresViewsNeverHearOfChanges }

extension BindingBackend {
    /// Whether the backend declares `viewsNeverHearOfChanges`.
    var declaresViewsNeverHearOfChanges: Bool {
        traits.contains { if case .viewsNeverHearOfChanges = $0 { true } else { false } }
    }
}
