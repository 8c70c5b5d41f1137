import BindingKit

/// What `associated-boilerplate` runs: the article's step before the default
/// implementation of `IHaveViewModel` — "Удивительно, насколько
/// отвратительную реализацию MVVM мы с вами только что написали": every
/// view and cell writes `anyViewModel` (a stored property whose `didSet`
/// draws the view) and `viewModel` (its typed face) itself, as the article's
/// `OrderCell` does. The cells write exactly that; a view whose view model
/// announces its changes writes the subscription to `changed` too (what the
/// final extension adds), so that the screens are the final form's and only
/// the code differs. The view models, `Event` and `INotifyOnChanged` are the
/// final form's; the bodies of the views are the final form's views', copied.
enum Boilerplate {}

extension Boilerplate {
    /// The container, a second view of the content's view model.
    final class ContainerView: Screen, IHaveViewModel {
        typealias ViewModel = any ContainerViewModel

        let spinner = Spinner()
        let alert = Alert()
        private let content: any Screen

        init(content: any Screen) {
            self.content = content
        }

        var anyViewModel: Any? {
            didSet {
                (oldValue as? ViewModel)?.changed.unsubscribe(self)
                guard let viewModel = anyViewModel as? ViewModel else { return }
                viewModelChanged(viewModel)
                viewModel.changed.subscribe(self) { this in
                    if let viewModel = this.viewModel { this.viewModelChanged(viewModel) }
                }
            }
        }

        var viewModel: ViewModel? {
            get { anyViewModel as? ViewModel }
            set { anyViewModel = newValue }
        }

        var title: Label { content.title }
        var widgets: [any Widget] { [spinner] + content.widgets + [alert] }

        func viewDidLoad() { content.viewDidLoad() }

        func viewModelChanged(_ viewModel: any ContainerViewModel) {
            if viewModel.isLoading {
                spinner.startAnimating()
            } else {
                spinner.stopAnimating()
            }
            if let error = viewModel.error {
                alert.present(title: "Error", message: error)
            }
        }
    }
}
