import BindingKit
import Domain

/// One film's details (the Clean Architecture article's
/// `MovieDetailsViewModel`): it says BindingKit's `MovieDetailsLines` in
/// `start()`, one event per line.
final class MovieDetailsViewModel: ViewModel {
    let output = Output<ViewModelEvent>()
    private let lines: MovieDetailsLines

    init(movie: Movie) {
        self.lines = MovieDetailsLines(movie: movie)
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

    enum ViewModelEvent {
        case updateTitle(String)
        case updateReleaseDate(String)
        case updateLength(String)
        case updateRating(String)
        case updateBudget(String)
        case updateGenres(String)
        case updateMPAA(String)
    }
}

/// The details screen: the film's title, then one line per fact (BindingKit's
/// `MovieDetailsLabels`). Not final: the article's steps before
/// `AnyViewModel` keep their view model in the view (`BeforeAnyViewModel`).
class MovieDetailsView: AssociatedObjectsHost, Screen, View {
    let labels = MovieDetailsLabels()
    let output = Output<MovieDetailsViewModel.ViewEvent>()

    var title: Label { labels.title }
    var widgets: [any Widget] { labels.widgets }

    func handle(event: MovieDetailsViewModel.ViewModelEvent) {
        switch event {
        case .updateTitle(let text): labels.title.text = text
        case .updateReleaseDate(let text): labels.releaseDate.text = text
        case .updateLength(let text): labels.length.text = text
        case .updateRating(let text): labels.rating.text = text
        case .updateBudget(let text): labels.budget.text = text
        case .updateGenres(let text): labels.genres.text = text
        case .updateMPAA(let text): labels.mpaa.text = text
        }
    }
}
