import BindingKit

/// The container of "Adapting an existing business solution for iOS, part 3"
/// (2020): a spinner and an alert around a content view, which the content's
/// view model drives. How it hears the view model is yours (task 1, task 4).
///
/// Shared by both screens; the content supplies the title and the widgets
/// between the spinner and the alert. The movies screen reaches it through
/// `IContainer` (Movies/, from the delegate template).
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

    func showError(error: String) { alert.present(title: "Error", message: error) }
    func showLoading() { spinner.startAnimating() }
    func hideLoading() { spinner.stopAnimating() }
}

/// What the movies screen's view model tells the container (the delegate
/// template's; replace it if your approach has its own way).
protocol IContainer: AnyObject {
    func showError(error: String)
    func showLoading()
    func hideLoading()
}
