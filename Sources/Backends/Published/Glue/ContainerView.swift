import BindingKit

/// The container of "Adapting an existing business solution for iOS, part 3"
/// (2020): what every screen shares — a loading view over the content and
/// an alert for errors — in a view that contains the screen's own view.
///
/// It does not observe its content's model: an `@ObservedObject` of it
/// would "pull its signals" (every change of the content's model would
/// invalidate the container too). It keeps a `ContainerModel` of its own,
/// which its body draws, and the content's model tells it through the
/// delegate it sets in its `init`: itself, as the model's `listener`.
///
/// The container is a struct: the model's listener is a copy of it, which
/// works because the copy's `containerModel` is the same object. That copy
/// also holds the content, which holds the content's model: model →
/// listener → content → model, a cycle. The article's code keeps it for good;
/// here the container lets go of it when it leaves the screen (the one line
/// the playground adds, `.onDisappear`; Docs/approaches/published.md).
struct ContainerView<Content>: IContainer, View where Content: View & IModelView {
    @ObservedObject var containerModel = ContainerModel()
    private var content: Content
    /// The widgets its body draws in.
    let spinner = Spinner()
    let alertView = BindingKit.Alert()

    init(content: Content) {
        self.content = content
        self.content.viewModel?.listener = self
    }

    var body: some View {
        ZStack {
            content
            if containerModel.isLoading {
                LoaderView(spinner: spinner)
            }
        }
        .alert(isPresented: $containerModel.hasError, in: alertView) {
            Alert(
                title: Text("Error"), message: Text(containerModel.errorText),
                dismissButton: .default(Text("OK")) {
                    self.containerModel.errorShown()
                })
        }
        .onDisappear { content.viewModel?.listener = nil }
    }

    // MARK: IContainer

    func showError(error: String) {
        self.containerModel.setupError(error: error)
    }

    func showLoading() {
        self.containerModel.showLoading()
    }

    func hideLoading() {
        self.containerModel.hideLoading()
    }
}

/// The container's own state, which its body draws.
class ContainerModel: ObservableObject {
    @Published var hasError: Bool = false
    @Published var errorText: String = ""
    @Published var isLoading: Bool = false

    func setupError(error: String) {
        errorText = error
        hasError = true
    }

    /// The alert's OK: the error has been seen.
    func errorShown() {
        hasError = false
        errorText = ""
    }

    func showLoading() {
        self.isLoading = true
    }

    func hideLoading() {
        self.isLoading = false
    }
}

/// The article's `LoaderView`, shown over the content while loading.
struct LoaderView: View {
    let spinner: Spinner

    var body: some View {
        ProgressView(in: spinner)
    }
}

extension ContainerView: WidgetLayout where Content: WidgetLayout {
    /// The loading view above the content, the alert below it.
    var widgets: [any Widget] { [spinner] + content.widgets + [alertView] }
}
