import BindingKit
import Domain

/// One film's details (the Clean Architecture article's
/// `MovieDetailsViewModel`): BindingKit's `MovieDetailsLines`.
class MovieDetailsViewModel: ObservableObject {
    @Published var lines: MovieDetailsLines?
}

/// Turns the film into its lines. (No interactor: the screen calls nothing.)
final class MovieDetailsPresenter {
    private let viewModel: MovieDetailsViewModel

    init(viewModel: MovieDetailsViewModel) {
        self.viewModel = viewModel
    }

    func present(_ movie: Movie) {
        viewModel.lines = MovieDetailsLines(movie: movie)
    }
}

/// The details screen: the film's title, then one line per fact, on
/// BindingKit's `MovieDetailsLabels`.
struct MovieDetailsView: View, WidgetLayout {
    @ObservedObject var model: MovieDetailsViewModel
    let labels = MovieDetailsLabels()

    var widgets: [any Widget] { labels.widgets }

    var body: some View {
        let lines = model.lines
        VStack {
            Text(lines?.releaseDate ?? "", in: labels.releaseDate)
            Text(lines?.length ?? "", in: labels.length)
            Text(lines?.rating ?? "", in: labels.rating)
            Text(lines?.budget ?? "", in: labels.budget)
            Text(lines?.genres ?? "", in: labels.genres)
            Text(lines?.mpaa ?? "", in: labels.mpaa)
        }
        .navigationTitle(lines?.title ?? "")
    }
}
