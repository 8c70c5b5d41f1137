import BindingKit
import Domain

/// One film's details (seed 004's `MovieDetailsViewModel`): BindingKit's
/// `MovieDetailsLines`. Nothing about it changes, so it needs no `changed`:
/// the view reads it once, when given it.
final class MovieDetailsViewModel {
    let lines: MovieDetailsLines

    init(movie: Movie, world: World) {
        lines = MovieDetailsLines(movie: movie)
    }
}

/// The details screen: the film's title, then one line per fact (BindingKit's
/// `MovieDetailsLabels`).
final class MovieDetailsView: Screen, IHaveViewModel {
    typealias ViewModel = MovieDetailsViewModel

    let labels: MovieDetailsLabels
    private let tracer: Tracer

    init(world: World) {
        self.tracer = world.tracer
        self.labels = MovieDetailsLabels(tracer: world.tracer)
    }

    deinit { removeAssociatedObjects(self) }

    var title: Label { labels.title }
    var widgets: [any Widget] { labels.widgets }

    func viewModelChanged(_ viewModel: MovieDetailsViewModel) {
        tracer.hop("viewModelChanged(_:)", from: MovieDetailsViewModel.self, to: Self.self)
        labels.show(viewModel.lines)
    }
}
