import BindingKit
import Domain
import Observation

/// One film's details (seed 004's `MovieDetailsViewModel`): BindingKit's
/// `MovieDetailsLines`, which never change, so the view renders once and
/// is never rendered again.
@Observable final class MovieDetailsViewModel {
    private(set) var lines: MovieDetailsLines

    @ObservationIgnored private let tracker: LiveObjects.Token

    init(movie: Movie, world: World) {
        self.lines = MovieDetailsLines(movie: movie)
        self.tracker = world.alive.track(Self.self)
    }
}

/// The details screen: the film's title, then one line per fact (the layout
/// is the `delegate` backend's `MovieDetailsView`).
final class MovieDetailsView: Screen, ObservingView {
    let title: Label
    let releaseDate: Label
    let length: Label
    let rating: Label
    let budget: Label
    let genres: Label
    let mpaa: Label
    private let viewModel: MovieDetailsViewModel
    private let world: World
    private lazy var renderLoop = RenderLoop(view: self, model: MovieDetailsViewModel.self, world: world)
    private let tracker: LiveObjects.Token

    init(viewModel: MovieDetailsViewModel, world: World) {
        self.viewModel = viewModel
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

    func viewDidLoad() {
        renderLoop.start()
    }

    func render(into changes: inout WidgetChanges) {
        let lines = viewModel.lines
        changes.set(title, \.text, to: lines.title)
        changes.set(releaseDate, \.text, to: lines.releaseDate)
        changes.set(length, \.text, to: lines.length)
        changes.set(rating, \.text, to: lines.rating)
        changes.set(budget, \.text, to: lines.budget)
        changes.set(genres, \.text, to: lines.genres)
        changes.set(mpaa, \.text, to: lines.mpaa)
    }
}
