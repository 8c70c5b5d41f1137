/// Carries a value into `withObservationTracking`'s `onChange`, which must be
/// `@Sendable`: Observation calls it on whichever thread sets a tracked
/// property.
///
/// The claim is unchecked, and true here: the playground has one thread, and
/// every property is set on it (in a command or a virtual main-queue turn).
/// On iOS the same guarantee comes from the main actor — SwiftUI's views and
/// `@MainActor` view models — which the playground's non-isolated widgets and
/// backend contract do not have.
struct MainThreadOnly<Value>: @unchecked Sendable {
    let value: Value
}
