import BindingKit

/// The container of "Adapting an existing business solution for iOS, part 3"
/// (2020): a spinner and an alert around a content view, driven through
/// `IContainer` by the content's view model.
///
/// Shared by both screens; the content supplies the title and the widgets
/// between the spinner and the alert.
final class ContainerView: Screen, IContainer {
    let spinner = Spinner()
    let alert = Alert()
    private let content: any Screen

    init(content: any Screen) {
        self.content = content
    }

    var title: Label { content.title }
    var widgets: [any Widget] { [spinner] + content.widgets + [alert] }

    func viewDidLoad() { content.viewDidLoad() }

    // MARK: IContainer

    func showError(error: String) { alert.present(title: "Error", message: error) }
    func showLoading() { spinner.startAnimating() }
    func hideLoading() { spinner.stopAnimating() }
}
