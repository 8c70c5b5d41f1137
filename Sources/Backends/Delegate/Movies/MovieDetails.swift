import BindingKit
import Domain

/// Everything the details view model tells its view: one method per line.
protocol MovieDetailsViewModelDelegate: AnyObject {
    func didUpdate(title: String)
    func didUpdate(releaseDate: String)
    func didUpdate(length: String)
    func didUpdate(rating: String)
    func didUpdate(budget: String)
    func didUpdate(genres: String)
    func didUpdate(mpaa: String)
}

/// One film's details (seed 004's `MovieDetailsViewModel`): BindingKit's
/// `MovieDetailsLines`, told to the delegate one method per line.
final class MovieDetailsViewModel {
    weak var delegate: (any MovieDetailsViewModelDelegate)?
    private let lines: MovieDetailsLines
    private let tracer: Tracer

    init(movie: Movie, world: World) {
        self.lines = MovieDetailsLines(movie: movie)
        self.tracer = world.tracer
    }

    func viewDidLoad() {
        notify("didUpdate(title:)") { $0.didUpdate(title: lines.title) }
        notify("didUpdate(releaseDate:)") { $0.didUpdate(releaseDate: lines.releaseDate) }
        notify("didUpdate(length:)") { $0.didUpdate(length: lines.length) }
        notify("didUpdate(rating:)") { $0.didUpdate(rating: lines.rating) }
        notify("didUpdate(budget:)") { $0.didUpdate(budget: lines.budget) }
        notify("didUpdate(genres:)") { $0.didUpdate(genres: lines.genres) }
        notify("didUpdate(mpaa:)") { $0.didUpdate(mpaa: lines.mpaa) }
    }

    /// Calls the delegate, tracing the hop; a message to a gone delegate drops.
    private func notify(_ message: String, _ send: (any MovieDetailsViewModelDelegate) -> Void) {
        tracer.hop(message, from: Self.self, to: delegate.map { type(of: $0) })
        delegate.map(send)
    }
}

/// The details screen: the film's title, then one line per fact, on
/// BindingKit's `MovieDetailsLabels`.
final class MovieDetailsView: Screen, MovieDetailsViewModelDelegate {
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
        viewModel.delegate = self
        tracer.hop("viewDidLoad()", from: Self.self, to: MovieDetailsViewModel.self)
        viewModel.viewDidLoad()
    }

    // MARK: MovieDetailsViewModelDelegate

    func didUpdate(title: String) { labels.title.text = title }
    func didUpdate(releaseDate: String) { labels.releaseDate.text = releaseDate }
    func didUpdate(length: String) { labels.length.text = length }
    func didUpdate(rating: String) { labels.rating.text = rating }
    func didUpdate(budget: String) { labels.budget.text = budget }
    func didUpdate(genres: String) { labels.genres.text = genres }
    func didUpdate(mpaa: String) { labels.mpaa.text = mpaa }
}
