import BindingKit
import Domain
import Observation

/// One film's details (the `MovieDetailsViewModel` of "Clean architecture
/// and MVVM in iOS"): BindingKit's `MovieDetailsLines`, which never change,
/// so the view renders once and is never rendered again.
@Observable final class MovieDetailsViewModel {
    private(set) var lines: MovieDetailsLines

    init(movie: Movie) {
        self.lines = MovieDetailsLines(movie: movie)
    }
}

/// The details screen: the film's title, then one line per fact (BindingKit's
/// `MovieDetailsLabels`).
final class MovieDetailsView: Screen, ObservingView {
    let labels = MovieDetailsLabels()
    private let viewModel: MovieDetailsViewModel
    private let renders: RenderQueue

    init(viewModel: MovieDetailsViewModel, renders: RenderQueue) {
        self.viewModel = viewModel
        self.renders = renders
    }

    var title: Label { labels.title }
    var widgets: [any Widget] { labels.widgets }

    func viewDidLoad() {
        renders.start(self)
    }

    func render(into changes: inout WidgetChanges) {
        let lines = viewModel.lines
        changes.set(labels.title, \.text, to: lines.title)
        changes.set(labels.releaseDate, \.text, to: lines.releaseDate)
        changes.set(labels.length, \.text, to: lines.length)
        changes.set(labels.rating, \.text, to: lines.rating)
        changes.set(labels.budget, \.text, to: lines.budget)
        changes.set(labels.genres, \.text, to: lines.genres)
        changes.set(labels.mpaa, \.text, to: lines.mpaa)
    }
}
