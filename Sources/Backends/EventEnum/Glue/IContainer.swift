// The name keeps the `I` prefix of "Adapting an existing business solution
// for iOS, part 3" (2020) so that a reader of the article recognises it; the
// playground's own protocols do not use the prefix.

/// What a container view (loading overlay + error alert) is told, the QIWI
/// article's second way: that article's `showLoading()`, `hideLoading()` and
/// `showError(error:)` folded into one enum.
enum ContainerEvent: Equatable {
    case loading(Bool)
    case error(String)
}

/// The container protocol with one entry point.
///
/// The content's view model cannot reach the container: its one listener is
/// the content view. So the content view's `handle(event:)` passes the
/// loading and error events on to the container it sits in (see
/// `ContainerView`).
protocol IContainer: AnyObject {
    func handle(event: ContainerEvent)
}
