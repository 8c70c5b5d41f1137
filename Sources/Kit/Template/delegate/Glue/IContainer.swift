// The name keeps the `I` prefix of "Adapting an existing business solution
// for iOS, part 3" (2020) so that a reader of the article recognises it; the
// playground's own protocols do not use the prefix.

/// What a container view (loading overlay + error alert) does for the
/// content view model that drives it.
protocol IContainer: AnyObject {
    func showError(error: String)
    func showLoading()
    func hideLoading()
}
