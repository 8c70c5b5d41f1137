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

/// The details screen: the film's title, then one line per fact (the layout
/// is the `delegate` backend's `MovieDetailsView`), each a `|` of the lines.
final class MovieDetailsView: Screen {
    let title: Label
    let releaseDate: Label
    let length: Label
    let rating: Label
    let budget: Label
    let genres: Label
    let mpaa: Label
    private let viewModel: MovieDetailsViewModel
    private let tracker: LiveObjects.Token

    init(viewModel: MovieDetailsViewModel, world: World) {
        self.viewModel = viewModel
        self.title = Label(name: "title", tracer: world.tracer)
        self.releaseDate = Label(name: "releaseDate", tracer: world.tracer)
        self.length = Label(name: "length", tracer: world.tracer)
        self.rating = Label(name: "rating", tracer: world.tracer)
        self.budget = Label(name: "budget", tracer: world.tracer)
        self.genres = Label(name: "genres", tracer: world.tracer)
        self.mpaa = Label(name: "mpaa", tracer: world.tracer)
        self.tracker = world.alive.track(Self.self)
    }

    deinit { releaseAssociations(of: [title] + widgets) }

    var widgets: [any Widget] { [releaseDate, length, rating, budget, genres, mpaa] }

    func viewDidLoad() {
        let lines = viewModel.lines
        lines | { $0.title } >>> title
        lines | { $0.releaseDate } >>> releaseDate
        lines | { $0.length } >>> length
        lines | { $0.rating } >>> rating
        lines | { $0.budget } >>> budget
        lines | { $0.genres } >>> genres
        lines | { $0.mpaa } >>> mpaa
    }
}
