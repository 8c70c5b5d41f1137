import BindingKit
import Domain

/// One film's details (seed 004's `MovieDetailsViewModel`): it says
/// BindingKit's `MovieDetailsLines` in `start()`, one event per line.
final class MovieDetailsViewModel: ViewModel {
    let output = Output<ViewModelEvent>()
    private let lines: MovieDetailsLines
    private let tracker: LiveObjects.Token

    init(movie: Movie, world: World) {
        self.lines = MovieDetailsLines(movie: movie)
        self.tracker = world.alive.track(Self.self)
    }

    func start() {
        output.send(.updateTitle(lines.title))
        output.send(.updateReleaseDate(lines.releaseDate))
        output.send(.updateLength(lines.length))
        output.send(.updateRating(lines.rating))
        output.send(.updateBudget(lines.budget))
        output.send(.updateGenres(lines.genres))
        output.send(.updateMPAA(lines.mpaa))
    }

    func handle(event: ViewEvent) {}
}

extension MovieDetailsViewModel {
    /// The details screen has nothing to say back.
    enum ViewEvent {}

    enum ViewModelEvent: CustomStringConvertible {
        case updateTitle(String)
        case updateReleaseDate(String)
        case updateLength(String)
        case updateRating(String)
        case updateBudget(String)
        case updateGenres(String)
        case updateMPAA(String)

        var description: String {
            switch self {
            case .updateTitle(let title): ".updateTitle(\"\(title)\")"
            case .updateReleaseDate: ".updateReleaseDate"
            case .updateLength: ".updateLength"
            case .updateRating: ".updateRating"
            case .updateBudget: ".updateBudget"
            case .updateGenres: ".updateGenres"
            case .updateMPAA: ".updateMPAA"
            }
        }
    }
}

/// The details screen: the film's title, then one line per fact (the layout
/// is the `delegate` backend's `MovieDetailsView`).
final class MovieDetailsView: AssociatedObjectsHost, Screen, View {
    let title: Label
    let releaseDate: Label
    let length: Label
    let rating: Label
    let budget: Label
    let genres: Label
    let mpaa: Label
    let output = Output<MovieDetailsViewModel.ViewEvent>()
    let world: World
    private let tracker: LiveObjects.Token

    init(world: World) {
        self.world = world
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

    func handle(event: MovieDetailsViewModel.ViewModelEvent) {
        switch event {
        case .updateTitle(let text): title.text = text
        case .updateReleaseDate(let text): releaseDate.text = text
        case .updateLength(let text): length.text = text
        case .updateRating(let text): rating.text = text
        case .updateBudget(let text): budget.text = text
        case .updateGenres(let text): genres.text = text
        case .updateMPAA(let text): mpaa.text = text
        }
    }
}
