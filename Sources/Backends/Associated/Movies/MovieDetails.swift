import BindingKit
import Domain

/// One film's details (seed 004's `MovieDetailsViewModel`). Nothing about it
/// changes, so it needs no `changed`: the view reads it once, when given it.
final class MovieDetailsViewModel {
    let title: String
    let releaseDate: String
    let length: String
    let rating: String
    let budget: String
    let genres: String
    let mpaa: String
    private let tracker: LiveObjects.Token

    init(movie: Movie, world: World) {
        title = movie.title
        releaseDate = movie.releaseDateText
        length = "Length: \(movie.lengthText)"
        rating = "Rating: \(movie.ratingText) (\(movie.votesText))"
        budget = "Budget: \(movie.budgetText)"
        genres = "Genres: \(movie.genresText)"
        mpaa = "MPAA: \(movie.mpaaText)"
        tracker = world.alive.track(Self.self)
    }
}

/// The details screen: the film's title, then one line per fact (the layout
/// is the `delegate` backend's `MovieDetailsView`).
final class MovieDetailsView: Screen, IHaveViewModel {
    typealias ViewModel = MovieDetailsViewModel

    let title: Label
    let releaseDate: Label
    let length: Label
    let rating: Label
    let budget: Label
    let genres: Label
    let mpaa: Label
    private let tracer: Tracer
    private let tracker: LiveObjects.Token

    init(world: World) {
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

    deinit { removeAssociatedObjects(self) }

    var widgets: [any Widget] { [releaseDate, length, rating, budget, genres, mpaa] }

    func viewModelChanged(_ viewModel: MovieDetailsViewModel) {
        tracer.hop("viewModelChanged(_:)", from: MovieDetailsViewModel.self, to: Self.self)
        title.text = viewModel.title
        releaseDate.text = viewModel.releaseDate
        length.text = viewModel.length
        rating.text = viewModel.rating
        budget.text = viewModel.budget
        genres.text = viewModel.genres
        mpaa.text = viewModel.mpaa
    }
}
