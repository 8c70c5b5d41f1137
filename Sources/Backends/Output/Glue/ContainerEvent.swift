/// What the container of "Adapting an existing business solution for iOS,
/// part 3" (2020) shows: the full-screen loading and the errors.
enum ContainerEvent: Equatable {
    case loading(Bool)
    case error(String)
}

/// A screen's view model events, as far as the container cares: the
/// container receives every event of the view model (it is one more handler
/// on the same `Output`) and picks out these.
protocol ContainerEventConvertible {
    /// The container's part of this event; nil when it is not the container's business.
    var containerEvent: ContainerEvent? { get }
}
