import BindingKit
import Domain

/// One film's details (seed 004's `MovieDetailsViewModel`): BindingKit's
/// `MovieDetailsLines`, in one `Dynamic` the view maps line by line.
final class MovieDetailsViewModel {
    let lines: Dynamic<MovieDetailsLines>
    private let tracker: LiveObjects.Token

    init(movie: Movie, world: World) {
        lines = Dynamic(MovieDetailsLines(movie: movie))
        tracker = world.alive.track(Self.self)
        lines.traced("lines", by: Self.self, in: world) { "\"\($0.title)\"" }
    }
}

/// The details screen: the film's title, then one line per fact (BindingKit's
/// `MovieDetailsLabels`), each a `|` of the lines.
final class MovieDetailsView: Screen {
    let labels: MovieDetailsLabels
    private let viewModel: MovieDetailsViewModel
    private let tracker: LiveObjects.Token

    init(viewModel: MovieDetailsViewModel, world: World) {
        self.viewModel = viewModel
        self.labels = MovieDetailsLabels(tracer: world.tracer)
        self.tracker = world.alive.track(Self.self)
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
