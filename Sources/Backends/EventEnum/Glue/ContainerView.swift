import BindingKit

/// The container of "Adapting an existing business solution for iOS, part 3"
/// (2020): a spinner and an alert around a content view.
///
/// Shared by both screens of this backend. Its events come from the content
/// view, not from the view model: a view model of this approach has one
/// listener, and that listener is the content (see `IContainer`).
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

    func handle(event: ContainerEvent) {
        switch event {
        case .loading(true): spinner.startAnimating()
        case .loading(false): spinner.stopAnimating()
        case .error(let message): alert.present(title: "Error", message: message)
        }
    }
}
