import BindingKit
import Domain

/// One film's details (seed 004's `MovieDetailsViewModel`): BindingKit's
/// `MovieDetailsLines`. Nothing about it changes, so it has no event: the
/// view reads it once, when it loads.
final class MovieDetailsViewModel {
    let lines: MovieDetailsLines
    private let tracker: LiveObjects.Token

    init(movie: Movie, world: World) {
        lines = MovieDetailsLines(movie: movie)
        tracker = world.alive.track(Self.self)
    }
}

/// The details screen: the film's title, then one line per fact (the layout
/// is the `delegate` backend's `MovieDetailsView`).
final class MovieDetailsView: Screen {
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
        tracer.hop("lines", from: Self.self, to: MovieDetailsViewModel.self)
        let lines = viewModel.lines
        title.text = lines.title
        releaseDate.text = lines.releaseDate
        length.text = lines.length
        rating.text = lines.rating
        budget.text = lines.budget
        genres.text = lines.genres
        mpaa.text = lines.mpaa
    }
}
