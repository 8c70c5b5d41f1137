public import BindingKit

// The experiments' handle on this backend (see BindingKit's `ProbeSubject`):
// the orders module (view model, interactor, presenter, router) and the
// screens `makeOrdersScreen` makes of it — a hosting controller over the
// container and the content — as many as an experiment attaches.
//
// Each entry point runs in a world (the view's, or the subject's), as the
// host runs every action: a view drawn again is queued on `DispatchQueue.main`,
// the current world's queue, and a caller that holds the subject outside
// any world (`bindlab bench`'s listening views) still gets one.

extension PublishedBackend {
    public func makeProbeSubject(in world: World) throws(ProbeRefusal) -> any ProbeSubject {
        PublishedProbeSubject(world: world)
    }
}

/// The backend's orders view model with one more published value, which no
/// view reads: what `changeUnreadValue()` changes.
final class ProbeOrdersViewModel: OrdersViewModel {
    @Published var unread = 0
}

final class PublishedProbeSubject: ProbeSubject {
    private let viewModel = ProbeOrdersViewModel()
    private let interactor: OrdersInteractor
    /// The modules `rebindToNewViewModel` made.
    private var others: [(OrdersViewModel, OrdersInteractor)] = []
    private let navigator = Navigator()
    private let world: World
    /// The bare listeners `listen` made.
    private var listeners: [AnyObject] = []

    func keep(_ listener: AnyObject) { listeners.append(listener) }
    /// The world each attached view was made in: a view made again makes
    /// its widgets anew (a struct's `let list = ListWidget()`), in its world.
    private var viewWorlds: [(view: WeakScreen, world: World)] = []

    private struct WeakScreen {
        weak var screen: (any Screen)?
    }

    init(world: World) {
        self.world = world
        interactor = Self.interactor(for: viewModel, in: world, navigator: navigator)
        watch(viewModel, in: world)
    }

    let listenerStorage = "objectWillChange's subscribers: one per observing view, SwiftUI's"

    func attachView(in world: World, wiring: ProbeWiring) throws(ProbeRefusal) -> any Screen {
        try world.perform { () throws(ProbeRefusal) in try attach(in: world, wiring: wiring) }
    }

    private func attach(in world: World, wiring: ProbeWiring) throws(ProbeRefusal) -> any Screen {
        let content = OrdersContentView(model: viewModel, interactor: interactor)
        let screen: any Screen
        switch wiring {
        case .recommended: screen = HostingController(rootView: ContainerView(content: content))
        case .article: screen = HostingController(rootView: ArticleContainerView(content: content))
        case .strongSelf, .unownedSelf:
            throw ProbeRefusal(
                "no capture to get wrong: a SwiftUI view is a struct, its actions capture a copy of it, and the "
                    + "subscription is SwiftUI's, cancelled when the view goes")
        }
        // The container made itself the model's listener: the slot is traced again.
        watch(viewModel, in: self.world)
        viewWorlds.removeAll { $0.view.screen == nil }
        viewWorlds.append((WeakScreen(screen: screen), world))
        world.willShow(screen)
        screen.viewDidLoad()
        return screen
    }

    /// The view made again with the same model, as a parent's body makes it
    /// (`rootView` set anew): SwiftUI keeps one subscription per view, and
    /// the container's `@ObservedObject var containerModel = ContainerModel()`
    /// is a new container model.
    func bindAgain(_ view: any Screen) throws(ProbeRefusal) {
        guard let host = view as? HostingController<ContainerView<OrdersContentView>> else {
            throw ProbeRefusal("only the shipped container is made again")
        }
        remake(host) { ContainerView(content: OrdersContentView(model: viewModel, interactor: interactor)) }
        watch(viewModel, in: world)
    }

    func change(_ change: ProbeChange) throws(ProbeRefusal) {
        world.perform {
            switch change {
            case .load: interactor.load()
            case .rename(let row, let name): interactor.renameItem(at: row, to: name)
            case .remove(let row): interactor.removeItem(at: row)
            }
        }
    }

    /// The view made again over a new module (a reused view given its next
    /// model): SwiftUI cancels the old object's subscription.
    func rebindToNewViewModel(_ view: any Screen) throws(ProbeRefusal) {
        guard let host = view as? HostingController<ContainerView<OrdersContentView>> else {
            throw ProbeRefusal("only the shipped container is made again")
        }
        let other = OrdersViewModel()
        let otherInteractor = Self.interactor(for: other, in: world, navigator: navigator)
        others.append((other, otherInteractor))
        remake(host) { ContainerView(content: OrdersContentView(model: other, interactor: otherInteractor)) }
        watch(other, in: world)
        world.perform { otherInteractor.load() }
    }

    let rebindSource = "SwiftUI's: the view made again over the next model"

    /// A published value no view read changes: every view observing the
    /// object is drawn again all the same.
    func changeUnreadValue() throws(ProbeRefusal) {
        world.perform { viewModel.unread += 1 }
    }

    /// The views subscribed to the view model's `objectWillChange`.
    var registrations: Int { viewModel.objectWillChange.subscribers.count }

    func describe(_ wiring: ProbeWiring) -> String {
        wiring == .article ? "the article's ContainerView, whose copy in the model's listener holds the content" : ""
    }

    /// A text field bound both ways to a published value, SwiftUI's
    /// `TextField(text: $model.name)`: typing sets the value; the value's
    /// change draws the view again, which sets the field to it.
    func attachTwoWayField(in world: World) throws(ProbeRefusal) -> any TwoWayProbe {
        world.perform {
            let probe = TwoWayFieldProbe(host: HostingController(rootView: TwoWayFieldView(model: TwoWayModel())))
            world.willShow(probe.host)
            probe.host.viewDidLoad()
            return probe
        }
    }

    /// `host.rootView = make()`, in the world `host` was made in.
    private func remake(
        _ host: HostingController<ContainerView<OrdersContentView>>,
        _ make: () -> ContainerView<OrdersContentView>
    ) {
        let world = viewWorlds.first { $0.view.screen === host }?.world ?? self.world
        world.perform { host.rootView = make() }
    }

    private static func interactor(for viewModel: OrdersViewModel, in world: World, navigator: Navigator)
        -> OrdersInteractor
    {
        OrdersInteractor(
            loadOrders: world.useCases.loadOrders, presenter: OrdersPresenter(viewModel: viewModel),
            router: OrdersRouter(navigator: navigator))
    }
}

/// The article's container as it writes it: the listener it sets in its
/// `init` is never let go, so its copy in the model keeps the content, and
/// the content the model.
struct ArticleContainerView<Content>: IContainer, View, WidgetLayout
where Content: View & IModelView & WidgetLayout {
    @ObservedObject var containerModel = ContainerModel()
    private var content: Content
    let spinner = Spinner()
    let alertView = BindingKit.Alert()

    init(content: Content) {
        self.content = content
        self.content.viewModel?.listener = self
    }

    var widgets: [any Widget] { [spinner] + content.widgets + [alertView] }

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
    }

    func showError(error: String) { containerModel.setupError(error: error) }
    func showLoading() { containerModel.showLoading() }
    func hideLoading() { containerModel.hideLoading() }
}

/// The value the two-way field is bound to, counting its sets.
final class TwoWayModel: ObservableObject {
    @Published var name = "Order" {
        didSet { sets += 1 }
    }
    private(set) var sets = 0
}

/// One field drawn from `model.name`.
struct TwoWayFieldView: View, WidgetLayout {
    @ObservedObject var model: TwoWayModel
    let field = BindingKit.TextField(prompt: "Name: ", name: "name")

    var widgets: [any Widget] { [field] }

    var body: some View {
        TextField("", text: $model.name, in: field)
    }
}

/// The experiment's hold on the two-way field.
final class TwoWayFieldProbe: TwoWayProbe {
    let host: HostingController<TwoWayFieldView>

    init(host: HostingController<TwoWayFieldView>) {
        self.host = host
    }

    func userTypes(_ text: String) { host.rootView.field.type(text) }
    func modelSets(_ text: String) { host.rootView.model.name = text }
    var fieldText: String { host.rootView.field.text }
    var modelValue: String { host.rootView.model.name }
    var modelSetCount: Int { host.rootView.model.sets }
}

extension PublishedProbeSubject {
    /// `viewModel.objectWillChange.sink { … }`: told that the object will
    /// change, in `@Published`'s `willSet`, with nothing of what or to what,
    /// so a handler reads the rows back; cancelling the subscription stops it.
    func listen(toRow row: Int, form: ProbeWiring, _ heard: @escaping (ProbeDelivery) -> Void)
        throws(ProbeRefusal) -> any ProbeListener
    {
        guard form == .recommended else { throw ProbeRefusal("the backend's ObservableObject is the article's") }
        let viewModel = self.viewModel
        let listener = PublishedProbeListener { [weak viewModel] in
            heard(
                ProbeDelivery(
                    delivered: nil,
                    readBack: {
                        viewModel.flatMap { $0.rows.indices.contains(row) ? $0.rows[row].title : nil }
                    }))
        }
        listener.cancellable = viewModel.objectWillChange.subscribe(listener)
        keep(listener)
        return listener
    }
}

/// A bare subscriber of `objectWillChange` (Combine's `sink`).
final class PublishedProbeListener: Subscriber, ProbeListener {
    private let received: () -> Void
    var cancellable: AnyCancellable?

    init(_ received: @escaping () -> Void) {
        self.received = received
    }

    func receive() { received() }

    let stopping = "cancellable.cancel()"

    func stop() throws(ProbeRefusal) { cancellable?.cancel() }
}
