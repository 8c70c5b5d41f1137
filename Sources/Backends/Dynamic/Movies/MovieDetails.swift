import BindingKit
import Domain

/// One film's details (seed 004's `MovieDetailsViewModel`): BindingKit's
/// `MovieDetailsLines`, in one `Dynamic` the view maps line by line.
final class MovieDetailsViewModel {
    let lines: Dynamic<MovieDetailsLines>

    init(movie: Movie, world: World) {
        lines = Dynamic(MovieDetailsLines(movie: movie))
        lines.traced("lines", by: Self.self, in: world) { "\"\($0.title)\"" }
    }
}

/// The details screen: the film's title, then one line per fact (BindingKit's
/// `MovieDetailsLabels`), each a `|` of the lines.
final class MovieDetailsView: Screen {
    let labels: MovieDetailsLabels
    private let viewModel: MovieDetailsViewModel

    init(viewModel: MovieDetailsViewModel, world: World) {
        self.viewModel = viewModel
        self.labels = MovieDetailsLabels(tracer: world.tracer)
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
