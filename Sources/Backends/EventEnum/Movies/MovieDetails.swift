import BindingKit
import Domain

/// One film's details (seed 004's `MovieDetailsViewModel`): BindingKit's
/// `MovieDetailsLines`, one event per line.
final class MovieDetailsViewModel {
    weak var listener: (any ViewModelListener<ViewModelEvent>)?
    private let lines: MovieDetailsLines
    private let tracer: Tracer

    init(movie: Movie, world: World) {
        self.lines = MovieDetailsLines(movie: movie)
        self.tracer = world.tracer
    }

    func handle(event: ViewEvent) {
        switch event {
        case .viewDidLoad:
            send(.updateTitle(lines.title))
            send(.updateReleaseDate(lines.releaseDate))
            send(.updateLength(lines.length))
            send(.updateRating(lines.rating))
            send(.updateBudget(lines.budget))
            send(.updateGenres(lines.genres))
            send(.updateMPAA(lines.mpaa))
        }
    }

    private func send(_ event: ViewModelEvent) {
        tracer.hop(event.description, from: Self.self, to: listener.map { type(of: $0) })
        listener?.handle(event: event)
    }
}

extension MovieDetailsViewModel {
    enum ViewEvent: Equatable, CustomStringConvertible {
        case viewDidLoad

        var description: String { ".viewDidLoad" }
    }

    enum ViewModelEvent: Equatable, CustomStringConvertible {
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

/// The details screen: the film's title, then one line per fact (BindingKit's
/// `MovieDetailsLabels`).
final class MovieDetailsView: Screen, ViewModelListener {
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
        viewModel.listener = self
        let event = MovieDetailsViewModel.ViewEvent.viewDidLoad
        tracer.hop(event.description, from: Self.self, to: MovieDetailsViewModel.self)
        viewModel.handle(event: event)
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
