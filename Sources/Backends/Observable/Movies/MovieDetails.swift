import BindingKit
import Domain

/// One film's details (seed 004's `MovieDetailsViewModel`): BindingKit's
/// `MovieDetailsLines`, as plain values — the repository's details view
/// model observes nothing but its poster, which this catalogue has not —
/// read by the view once, in `viewDidLoad`.
final class MovieDetailsViewModel {
    let lines: MovieDetailsLines

    init(movie: Movie, world: World) {
        self.lines = MovieDetailsLines(movie: movie)
    }
}

/// The details screen: the film's title, then one line per fact (the layout
/// is the `delegate` backend's `MovieDetailsView`).
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

    /// The repository's `setupViews()`: every label from the view model.
    func viewDidLoad() {
        tracer.hop("lines", from: MovieDetailsViewModel.self, to: Self.self)
        labels.show(viewModel.lines)
    }
}
