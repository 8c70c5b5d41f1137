// The name keeps seed 002's `I` prefix so that a reader of the article
// recognises it; the playground's own protocols do not use the prefix.

/// What a container view (loading overlay + error alert) does for the
/// content view model that drives it (seed 002).
protocol IContainer: AnyObject {
    func showError(error: String)
    func showLoading()
    func hideLoading()
}
