import BindingKit
import Domain

/// One film's details (the `MovieDetailsViewModel` of "Clean architecture
/// and MVVM in iOS"): BindingKit's `MovieDetailsLines`. Nothing about it
/// changes, so it needs no `changed`: the view reads it once, when given it.
final class MovieDetailsViewModel {
    let lines: MovieDetailsLines

    init(movie: Movie) {
        lines = MovieDetailsLines(movie: movie)
    }
}

/// The details screen: the film's title, then one line per fact (BindingKit's
/// `MovieDetailsLabels`).
final class MovieDetailsView: Screen, IHaveViewModel {
    typealias ViewModel = MovieDetailsViewModel

    let labels = MovieDetailsLabels()

    deinit { removeAssociatedObjects(self) }

    var title: Label { labels.title }
    var widgets: [any Widget] { labels.widgets }

    func viewModelChanged(_ viewModel: MovieDetailsViewModel) {
        labels.show(viewModel.lines)
    }
}
