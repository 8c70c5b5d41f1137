import BindingKit
import Domain

/// One film's details (the Clean Architecture article's
/// `MovieDetailsViewModel`): BindingKit's `MovieDetailsLines`, as plain
/// values — the repository's details view model observes nothing but its
/// poster, which this catalogue has not — read by the view once, in
/// `viewDidLoad`.
final class MovieDetailsViewModel {
    let lines: MovieDetailsLines

    init(movie: Movie) {
        self.lines = MovieDetailsLines(movie: movie)
    }
}

/// The details screen: the film's title, then one line per fact (the layout
/// is the `delegate` backend's `MovieDetailsView`).
final class MovieDetailsView: Screen {
    let labels = MovieDetailsLabels()
    private let viewModel: MovieDetailsViewModel

    init(viewModel: MovieDetailsViewModel) {
        self.viewModel = viewModel
    }

    var title: Label { labels.title }
    var widgets: [any Widget] { labels.widgets }

    /// The repository's `setupViews()`: every label from the view model.
    func viewDidLoad() {
        labels.show(viewModel.lines)
    }
}
