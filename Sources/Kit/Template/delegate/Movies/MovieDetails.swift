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

/// One film's details (the Clean Architecture article's
/// `MovieDetailsViewModel`): BindingKit's `MovieDetailsLines`, told to the
/// delegate one method per line.
final class MovieDetailsViewModel {
    weak var delegate: (any MovieDetailsViewModelDelegate)?
    private let lines: MovieDetailsLines

    init(movie: Movie) {
        self.lines = MovieDetailsLines(movie: movie)
    }

    func viewDidLoad() {
        delegate?.didUpdate(title: lines.title)
        delegate?.didUpdate(releaseDate: lines.releaseDate)
        delegate?.didUpdate(length: lines.length)
        delegate?.didUpdate(rating: lines.rating)
        delegate?.didUpdate(budget: lines.budget)
        delegate?.didUpdate(genres: lines.genres)
        delegate?.didUpdate(mpaa: lines.mpaa)
    }
}

/// The details screen: the film's title, then one line per fact, on
/// BindingKit's `MovieDetailsLabels`.
final class MovieDetailsView: Screen, MovieDetailsViewModelDelegate {
    let labels = MovieDetailsLabels()
    private let viewModel: MovieDetailsViewModel

    init(viewModel: MovieDetailsViewModel) {
        self.viewModel = viewModel
        viewModel.delegate = self
    }

    var title: Label { labels.title }
    var widgets: [any Widget] { labels.widgets }

    func viewDidLoad() {
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
