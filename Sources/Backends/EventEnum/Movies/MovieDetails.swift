import BindingKit
import Domain

/// One film's details (the Clean Architecture article's
/// `MovieDetailsViewModel`): BindingKit's `MovieDetailsLines`, one event per
/// line.
final class MovieDetailsViewModel {
    weak var listener: (any ViewModelListener<ViewModelEvent>)?
    private let lines: MovieDetailsLines

    init(movie: Movie) {
        self.lines = MovieDetailsLines(movie: movie)
    }

    func handle(event: ViewEvent) {
        switch event {
        case .viewDidLoad:
            listener?.handle(event: .updateTitle(lines.title))
            listener?.handle(event: .updateReleaseDate(lines.releaseDate))
            listener?.handle(event: .updateLength(lines.length))
            listener?.handle(event: .updateRating(lines.rating))
            listener?.handle(event: .updateBudget(lines.budget))
            listener?.handle(event: .updateGenres(lines.genres))
            listener?.handle(event: .updateMPAA(lines.mpaa))
        }
    }
}

extension MovieDetailsViewModel {
    enum ViewEvent: Equatable {
        case viewDidLoad
    }

    enum ViewModelEvent: Equatable {
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
/// `MovieDetailsLabels`).
final class MovieDetailsView: Screen, ViewModelListener {
    let labels = MovieDetailsLabels()
    private let viewModel: MovieDetailsViewModel

    init(viewModel: MovieDetailsViewModel) {
        self.viewModel = viewModel
        viewModel.listener = self
    }

    var title: Label { labels.title }
    var widgets: [any Widget] { labels.widgets }

    func viewDidLoad() {
        viewModel.handle(event: .viewDidLoad)
    }

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
