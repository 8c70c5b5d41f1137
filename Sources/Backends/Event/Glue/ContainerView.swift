import BindingKit

/// The container of "Adapting an existing business solution for iOS, part 3"
/// (2020): a spinner and an alert around a content view. It subscribes to
/// two of the content's view model's events itself — one more subscriber in
/// their dictionaries, next to the content view.
final class ContainerView: Screen {
    let spinner = Spinner()
    let alert = Alert()
    private let content: any Screen

    init(content: any Screen) {
        self.content = content
    }

    var title: Label { content.title }
    var widgets: [any Widget] { [spinner] + content.widgets + [alert] }

    func viewDidLoad() { content.viewDidLoad() }

    /// Listens to a view model's loading state and error text (the `loading`
    /// and `error` observables of "Clean architecture and MVVM in iOS").
    ///
    /// - Parameters:
    ///   - showsSpinner: whether a loading state covers the whole screen.
    func subscribe<Loading>(
        loading: Event<Loading>, showsSpinner: @escaping (Loading) -> Bool, error: Event<String>
    ) {
        loading.subscribe(self) { this, loading in
            if showsSpinner(loading) {
                this.spinner.startAnimating()
            } else {
                this.spinner.stopAnimating()
            }
        }
        error.subscribe(self) { this, error in
            guard !error.isEmpty else { return }
            this.alert.present(title: "Error", message: error)
        }
    }
}
