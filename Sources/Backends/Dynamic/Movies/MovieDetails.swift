import BindingKit
import Domain

/// One film's details (the `MovieDetailsViewModel` of "Clean architecture and
/// MVVM in iOS"): BindingKit's `MovieDetailsLines`, in one `Dynamic` the view
/// maps line by line.
final class MovieDetailsViewModel {
    let lines: Dynamic<MovieDetailsLines>

    init(movie: Movie) {
        lines = Dynamic(MovieDetailsLines(movie: movie))
    }
}

/// The details screen: the film's title, then one line per fact (BindingKit's
/// `MovieDetailsLabels`), each a `|` of the lines.
final class MovieDetailsView: Screen {
    let labels = MovieDetailsLabels()
    private let viewModel: MovieDetailsViewModel

    init(viewModel: MovieDetailsViewModel) {
        self.viewModel = viewModel
    }

    deinit { releaseAssociations(of: [title] + widgets) }

    var title: Label { labels.title }
    var widgets: [any Widget] { labels.widgets }

    func viewDidLoad() {
        let lines = viewModel.lines
        lines | { $0.title } >>> labels.title
        lines | { $0.releaseDate } >>> labels.releaseDate
        lines | { $0.length } >>> labels.length
        lines | { $0.rating } >>> labels.rating
        lines | { $0.budget } >>> labels.budget
        lines | { $0.genres } >>> labels.genres
        lines | { $0.mpaa } >>> labels.mpaa
    }
}
