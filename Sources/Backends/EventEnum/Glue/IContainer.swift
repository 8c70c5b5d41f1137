// The name keeps seed 002's `I` prefix so that a reader of the article
// recognises it; the playground's own protocols do not use the prefix.

/// What a container view (loading overlay + error alert) is told, the seed
/// 000 step 2 way: seed 002's `showLoading()`, `hideLoading()` and
/// `showError(error:)` folded into one enum.
enum ContainerEvent: Equatable, CustomStringConvertible {
    case loading(Bool)
    case error(String)

    var description: String {
        switch self {
        case .loading(let isLoading): ".loading(\(isLoading))"
        case .error(let message): ".error(\"\(message)\")"
        }
    }
}

/// Seed 002's container protocol with one entry point.
///
/// The content's view model cannot reach the container: its one listener is
/// the content view. So the content view's `handle(event:)` passes the
/// loading and error events on to the container it sits in (see
/// `ContainerView`).
protocol IContainer: AnyObject {
    func handle(event: ContainerEvent)
}
