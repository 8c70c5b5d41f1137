import BindingKit
import Domain

/// One film's details (seed 004's `MovieDetailsViewModel`): BindingKit's
/// `MovieDetailsLines`. Nothing about it changes, so it has no event: the
/// view reads it once, when it loads.
final class MovieDetailsViewModel {
    let lines: MovieDetailsLines

    init(movie: Movie, world: World) {
        lines = MovieDetailsLines(movie: movie)
    }
}

/// The details screen: the film's title, then one line per fact, on
/// BindingKit's `MovieDetailsLabels`.
final class MovieDetailsView: Screen {
    let labels: MovieDetailsLabels
    private let viewModel: MovieDetailsViewModel
    private let tracer: Tracer

    init(viewModel: MovieDetailsViewModel, world: World) {
        self.viewModel = viewModel
        self.tracer = world.tracer
        self.labels = MovieDetailsLabels(tracer: world.tracer)
    }

    var title: Label { labels.title }
    var widgets: [any Widget] { labels.widgets }

    func viewDidLoad() {
        tracer.hop("lines", from: Self.self, to: MovieDetailsViewModel.self)
        labels.show(viewModel.lines)
    }
}
