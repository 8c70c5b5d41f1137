public import BindingKit
import Observation

// The experiments' handle on this backend (see BindingKit's `ProbeSubject`):
// the orders view model and content views, rendering from it as
// `makeOrdersScreen`'s do, without the container.

extension ObservationBackend {
    public func makeProbeSubject(in world: World) throws(ProbeRefusal) -> any ProbeSubject {
        ObservationProbeSubject(world: world)
    }
}

final class ObservationProbeSubject: ProbeSubject {
    private let viewModel: OrdersViewModel
    private let navigator = Navigator()
    /// What the view model's registrar holds for the attached views, counted
    /// by their render loops (the registrar does not tell).
    private let trackings = TrackingCount()
    /// One render pass for every attached view: they share the subject's clock.
    private let renders: RenderQueue

    private let world: World

    init(world: World) {
        self.world = world
        viewModel = OrdersViewModel(world: world)
        renders = RenderQueue(world: world)
    }

    let listenerStorage = "one tracking per view, re-registered after each change"

    func attachView(in world: World, wiring: ProbeWiring) throws(ProbeRefusal) -> any Screen {
        let view = OrdersContentView(viewModel: viewModel, world: world, navigator: navigator, renders: renders)
        switch wiring {
        case .recommended: break
        case .strongSelf: view.renderLoop.holdsViewStrongly = true
        case .unownedSelf:
            throw ProbeRefusal(
                "not run: the view's last tracking stays in the view model's registrar after the view goes, "
                    + "and the next change would fire it into a dead unowned reference and crash the process")
        case .article:
            throw ProbeRefusal("beyond the articles: Observation comes with no article code to wire")
        }
        view.renderLoop.trackings = trackings
        view.viewDidLoad()
        return view
    }

    /// The render loop started once more: a second tracking for the same view,
    /// so each change re-renders it twice (and both re-registrations stay).
    func bindAgain(_ view: any Screen) throws(ProbeRefusal) {
        (view as? OrdersContentView)?.renderLoop.start()
    }

    func change(_ change: ProbeChange) throws(ProbeRefusal) {
        switch change {
        case .load: viewModel.load()
        case .rename(let row, let name): viewModel.renameItem(at: row, to: name)
        }
    }

    var registrations: Int { trackings.count }

    /// The view model a view was handed by `rebindToNewViewModel`.
    private var others: [OrdersViewModel] = []

    /// `view.viewModel = other`, then a render, as SwiftUI renders a view
    /// handed a new model: it reads, and so tracks, the new one. The old
    /// one's last tracking stays until its next change fires it (a render
    /// that reads the new one).
    func rebindToNewViewModel(_ view: any Screen) throws(ProbeRefusal) {
        guard let view = view as? OrdersContentView else { return }
        let other = OrdersViewModel(world: world)
        others.append(other)
        view.viewModel = other
        view.renderLoop.start()
        other.load()
    }

    /// A reload: `isLoading`, which the content view never reads (its
    /// container does), flips on and off, and the orders arrive equal to those
    /// shown, which the macro does not report as a change. The content reads
    /// only `orders`: nothing reaches it.
    func changeUnreadValue() throws(ProbeRefusal) {
        viewModel.load()
    }

    func describe(_ wiring: ProbeWiring) -> String {
        switch wiring {
        case .recommended: ""
        case .strongSelf: "onChange: { self.setNeedsRender() }, the view captured strongly"
        case .unownedSelf: "onChange with [unowned self]"
        case .article: "no article"
        }
    }
}

/// How many trackings the loops sharing this count have registered and not
/// seen fire yet: what a view model's registrar holds for them, which the
/// registrar itself does not tell.
final class TrackingCount {
    var count = 0
}

extension ObservationProbeSubject {
    /// A text field bound both ways to an `@Observable` value, SwiftUI's
    /// `TextField(text: $model.name)`: typing sets the value; the view renders
    /// the value into the field, where the diff finds it already shown.
    func attachTwoWayField(in world: World) throws(ProbeRefusal) -> any TwoWayProbe {
        let view = TwoWayFieldView(world: world, renders: renders)
        view.viewDidLoad()
        return view
    }
}

/// The value the two-way field is bound to, counting its sets.
@Observable final class TwoWayModel {
    var name = "Order" {
        didSet { sets += 1 }
    }
    @ObservationIgnored private(set) var sets = 0
}

/// One field rendered from `model.name`; typing writes it back.
final class TwoWayFieldView: ObservingView, TwoWayProbe {
    let field: TextField
    let model = TwoWayModel()
    private let world: World
    private let renders: RenderQueue
    private lazy var renderLoop = RenderLoop(view: self, model: TwoWayModel.self, world: world, queue: renders)

    init(world: World, renders: RenderQueue) {
        self.world = world
        self.renders = renders
        self.field = TextField(prompt: "Name: ", name: "name", tracer: world.tracer)
    }

    func viewDidLoad() {
        field.onTextChange = { [weak self] text in self?.model.name = text }
        renderLoop.start()
    }

    func render(into changes: inout WidgetChanges) {
        changes.set(field, \.text, to: model.name)
    }

    func userTypes(_ text: String) { field.type(text) }
    func modelSets(_ text: String) { model.name = text }
    var fieldText: String { field.text }
    var modelValue: String { model.name }
    var modelSetCount: Int { model.sets }
}
