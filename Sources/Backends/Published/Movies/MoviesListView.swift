import BindingKit

/// The movies search screen's content (the Clean Architecture article's
/// `MoviesListViewController`), drawn from the view model it observes: any
/// change of the view model draws all of it again. Its gestures call the
/// interactor.
///
/// The common movies screen, which every backend reproduces, is BindingKit's
/// `MoviesListOutlets` (its comment draws it), with the container's spinner
/// and alert around it. Submitting a search closes the suggestions and
/// searches; cancelling calls the load off and closes the suggestions;
/// tapping the field shows the suggestions; scrolling to the end of a
/// non-empty list asks for the next page; selecting a row opens the film's
/// details.
struct MoviesListView: View, IModelView, WidgetLayout {
    @ObservedObject var model: MoviesListViewModel
    let interactor: MoviesListInteractor
    let outlets = MoviesListOutlets()

    var viewModel: (any IModel)? { model }
    var widgets: [any Widget] { outlets.widgets }

    var body: some View {
        VStack {
            TextField(model.searchBarPlaceholder, text: $model.query, in: outlets.searchField)
                .onSubmit {
                    interactor.closeQueriesSuggestions()
                    interactor.didSearch(query: model.query)
                }
                .onCancel {
                    interactor.didCancelSearch()
                    interactor.closeQueriesSuggestions()
                }
                .onBeginEditing { interactor.showQueriesSuggestions() }
            List(model.items, in: outlets.list) { $0.row }
                .onSelect { interactor.didSelectItem(at: $0) }
                .onReachEnd { if !model.isEmpty { interactor.didLoadNextPage() } }
            if model.isEmpty {
                Text(model.emptyDataTitle, in: outlets.emptyDataLabel)
            }
            Text(model.pageInfo, in: outlets.pageLabel)
            if !model.isEmpty {
                Button("Load more", in: outlets.loadMoreButton) { interactor.didLoadNextPage() }
                    .disabled(!model.canLoadNextPage)
            }
            if model.loading == .nextPage {
                ProgressView(in: outlets.nextPageSpinner)
            }
        }
        .navigationTitle(model.screenTitle)
    }
}

/// The screen as its flow coordinator sees it: the suggestions are a child
/// hosting controller, embedded in the screen's suggestions container (the
/// Clean Architecture article's `suggestionsListContainer`), as that
/// article's repository embeds its SwiftUI `MoviesQueryListView`.
extension HostingController: MoviesSuggestionsContainer where Content == ContainerView<MoviesListView> {
    func add(child: HostingController<MoviesQueriesListView>) {
        guard let container = widget(Stack.self) else { return }
        addChild(child, in: container)
    }

    func removeChild() {
        guard let container = widget(Stack.self) else { return }
        for child in children { removeChild(child, from: container) }
    }
}
