import BindingKit
import Domain

/// One film's details (seed 004's `MovieDetailsViewModel`): BindingKit's
/// `MovieDetailsLines`. Nothing about it changes, so it needs no `changed`:
/// the view reads it once, when given it.
final class MovieDetailsViewModel {
    let lines: MovieDetailsLines
    private let tracker: LiveObjects.Token

    init(movie: Movie, world: World) {
        lines = MovieDetailsLines(movie: movie)
        tracker = world.alive.track(Self.self)
    }
}

/// The details screen: the film's title, then one line per fact (BindingKit's
/// `MovieDetailsLabels`).
final class MovieDetailsView: Screen, IHaveViewModel {
    typealias ViewModel = MovieDetailsViewModel

    let labels: MovieDetailsLabels
    private let tracer: Tracer
    private let tracker: LiveObjects.Token

    init(world: World) {
        self.tracer = world.tracer
        self.labels = MovieDetailsLabels(tracer: world.tracer)
        self.tracker = world.alive.track(Self.self)
    }

    deinit { removeAssociatedObjects(self) }

    var title: Label { labels.title }
    var widgets: [any Widget] { labels.widgets }

    func viewModelChanged(_ viewModel: MovieDetailsViewModel) {
        tracer.hop("viewModelChanged(_:)", from: MovieDetailsViewModel.self, to: Self.self)
        labels.show(viewModel.lines)
    }
}
