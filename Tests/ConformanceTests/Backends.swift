// ConformanceTests: one suite, run against every backend, checking that each
// draws the same screens for the same actions on the same fake model and lets
// go of everything once its views are released.
// May import: BindingKit, Domain and the backends under test.
import AssociatedBackend
import BindingKit
import DelegateBackend
import EventEnumBackend
import OutputBackend

/// Every backend the suite checks; a new backend joins by being listed here.
let backends: [any BindingBackend] = [
    DelegateBackend(), EventEnumBackend(), OutputBackend(), AssociatedBackend(),
]
