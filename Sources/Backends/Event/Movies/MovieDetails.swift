import BindingKit
import Domain

/// One film's details (the `MovieDetailsViewModel` of "Clean architecture
/// and MVVM in iOS"): BindingKit's `MovieDetailsLines`. Nothing about it
/// changes, so it has no event: the view reads it once, when it loads.
final class MovieDetailsViewModel {
    let lines: MovieDetailsLines

    init(movie: Movie) {
        lines = MovieDetailsLines(movie: movie)
    }
}

/// The details screen: the film's title, then one line per fact, on
/// BindingKit's `MovieDetailsLabels`.
final class MovieDetailsView: Screen {
    let labels = MovieDetailsLabels()
    private let viewModel: MovieDetailsViewModel

    init(viewModel: MovieDetailsViewModel) {
        self.viewModel = viewModel
    }

    var title: Label { labels.title }
    var widgets: [any Widget] { labels.widgets }

    func viewDidLoad() {
        labels.show(viewModel.lines)
    }
}
