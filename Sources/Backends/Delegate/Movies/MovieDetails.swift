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
    private let tracker: LiveObjects.Token

    init(movie: Movie, world: World) {
        self.lines = MovieDetailsLines(movie: movie)
        self.tracer = world.tracer
        self.tracker = world.alive.track(Self.self)
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

/// The details screen: the film's title, then one line per fact.
///
///     ┌─ Star Wars ────────────────────────┐
///     │ Release Date: 1977                 │   or "To be announced"
///     │ Length: 121 min                    │   or "Length: unknown"
///     │ Rating: 8.8 (12,345 votes)         │
///     │ Budget: $11,000,000                │   or "Budget: unknown"
///     │ Genres: Action, Drama              │   or "Genres: none"
///     │ MPAA: PG                           │   or "MPAA: not rated"
///     └────────────────────────────────────┘
final class MovieDetailsView: Screen, MovieDetailsViewModelDelegate {
    let title: Label
    let releaseDate: Label
    let length: Label
    let rating: Label
    let budget: Label
    let genres: Label
    let mpaa: Label
    private let viewModel: MovieDetailsViewModel
    private let tracer: Tracer
    private let tracker: LiveObjects.Token

    init(viewModel: MovieDetailsViewModel, world: World) {
        self.viewModel = viewModel
        self.tracer = world.tracer
        self.title = Label(name: "title", tracer: world.tracer)
        self.releaseDate = Label(name: "releaseDate", tracer: world.tracer)
        self.length = Label(name: "length", tracer: world.tracer)
        self.rating = Label(name: "rating", tracer: world.tracer)
        self.budget = Label(name: "budget", tracer: world.tracer)
        self.genres = Label(name: "genres", tracer: world.tracer)
        self.mpaa = Label(name: "mpaa", tracer: world.tracer)
        self.tracker = world.alive.track(Self.self)
    }

    var widgets: [any Widget] { [releaseDate, length, rating, budget, genres, mpaa] }

    func viewDidLoad() {
        viewModel.delegate = self
        tracer.hop("viewDidLoad()", from: Self.self, to: MovieDetailsViewModel.self)
        viewModel.viewDidLoad()
    }

    // MARK: MovieDetailsViewModelDelegate

    func didUpdate(title: String) { self.title.text = title }
    func didUpdate(releaseDate: String) { self.releaseDate.text = releaseDate }
    func didUpdate(length: String) { self.length.text = length }
    func didUpdate(rating: String) { self.rating.text = rating }
    func didUpdate(budget: String) { self.budget.text = budget }
    func didUpdate(genres: String) { self.genres.text = genres }
    func didUpdate(mpaa: String) { self.mpaa.text = mpaa }
}
