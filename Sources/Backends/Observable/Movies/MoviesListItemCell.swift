import BindingKit
import Domain

/// One film's row view model, in the repository's older form that the
/// article shows: the words for the row (BindingKit's values) and one
/// observable of its own, `posterImage`, which changes after the row is
/// shown.
///
/// It shadows BindingKit's `MoviesListItemViewModel` value in this module:
/// here a row has an observable, so it is a class.
final class MoviesListItemViewModel {
    let title: String
    /// "1977" or "TBA": the row's detail.
    let year: String
    let releaseDate: String
    /// The poster, once loaded. The catalogue has no images: the "image" is
    /// a description, which the terminal row does not draw, so the screen is
    /// every backend's; the trace shows its deliveries.
    let posterImage: any ObservableProperty<String?>
    private var isLoadingPoster = false
    private let mainQueue: any DispatchQueueType

    init(movie: Movie, mainQueue: any DispatchQueueType = DispatchQueue.main, form: ObservableForm) {
        let values = BindingKit.MoviesListItemViewModel(movie: movie)
        title = values.title
        year = values.year
        releaseDate = values.releaseDate
        posterImage = form.make(nil)
        self.mainQueue = mainQueue
    }

    /// The repository's `updatePosterImage(width:)`: loads the poster once;
    /// it arrives a main-queue turn later (from a cache: no latency, so the
    /// clock, and every backend's screens, stay where they are).
    func updatePosterImage(width: Int) {
        guard posterImage.value == nil, !isLoadingPoster else { return }
        isLoadingPoster = true
        let poster = "\(title), \(width) px wide"
        mainQueue.async { [weak self] in self?.posterImage.value = poster }
    }
}

/// A reusable row view (the article's `MoviesListItemCell`): `fill(with:)`
/// takes a row's view model; setting it unbinds from the one before
/// (`remove(observer:)`), then binds the new one's poster.
final class MoviesListItemCell {
    /// What the cell shows: its text and detail labels, and its image view.
    private(set) var row = ListWidget.Row("")
    private(set) var posterImage: String?
    private var viewModel: MoviesListItemViewModel? {
        didSet { unbind(from: oldValue) }
    }

    func fill(with viewModel: MoviesListItemViewModel) {
        self.viewModel = viewModel
        row = ListWidget.Row(viewModel.title, detail: viewModel.year)
        viewModel.updatePosterImage(width: 92)
        bind(to: viewModel)
    }

    private func bind(to viewModel: MoviesListItemViewModel) {
        viewModel.posterImage.observe(on: self) { [weak self] in self?.posterImage = $0 }
    }

    private func unbind(from item: MoviesListItemViewModel?) {
        item?.posterImage.remove(observer: self)
    }
}
