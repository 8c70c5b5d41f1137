public import BindingKit
import Observation

// The experiments' handle on this backend (see BindingKit's `ProbeSubject`):
// the orders view model and content views, rendering from it as
// `makeOrdersScreen`'s do, without the container. The wiring the backend
// does not write, an `onChange` that holds the view, is a render loop of
// this file's, which the subject's render queue makes for the views attached
// that way.

extension ObservationBackend {
    public func makeProbeSubject(in world: World) throws(ProbeRefusal) -> any ProbeSubject {
        ObservationProbeSubject(world: world)
    }
}

final class ObservationProbeSubject: ProbeSubject {
    private let viewModel: OrdersViewModel
    /// The view models `rebindToNewViewModel` made.
    private var others: [OrdersViewModel] = []
    private let navigator = Navigator()
    /// One render pass for every attached view: they share the subject's clock.
    private let renders = ProbeRenderQueue()
    private let world: World

    init(world: World) {
        self.world = world
        viewModel = OrdersViewModel(loadOrders: world.useCases.loadOrders)
    }

    let listenerStorage = "one tracking per view, re-registered after each change"

    func attachView(in world: World, wiring: ProbeWiring) throws(ProbeRefusal) -> any Screen {
        switch wiring {
        case .recommended, .strongSelf: break
        case .unownedSelf:
            throw ProbeRefusal(
                "not written: the render loop reaches its view through a weak reference of the glue's, and "
                    + "its onChange only schedules a render, so there is no listener an unowned self would go into")
        case .article:
            throw ProbeRefusal("beyond the articles: Observation comes with no article code to wire")
        }
        let view = OrdersContentView(viewModel: viewModel, navigator: navigator, renders: renders)
        if wiring == .strongSelf { renders.holdStrongly(view) }
        view.viewDidLoad()
        return view
    }

    /// The view's rendering started once more: a second tracking for the
    /// same view, so each change re-renders it twice (and both re-register).
    func bindAgain(_ view: any Screen) throws(ProbeRefusal) {
        guard let view = view as? OrdersContentView else { return }
        renders.start(view)
    }

    func change(_ change: ProbeChange) throws(ProbeRefusal) {
        switch change {
        case .load: viewModel.load()
        case .rename(let row, let name): viewModel.renameItem(at: row, to: name)
        case .remove(let row): viewModel.removeItem(at: row)
        }
    }

    /// What the view models' registrars hold for the attached views: their
    /// trackings not fired yet, dead views' included.
    var registrations: Int { ([viewModel] + others).reduce(0) { $0 + trackings(of: $1) } }

    /// `view.viewModel = other`, then a render, as SwiftUI renders a view
    /// handed a new model: it reads, and so tracks, the new one. The old
    /// one's last tracking stays until its next change fires it (a render
    /// that reads the new one).
    func rebindToNewViewModel(_ view: any Screen) throws(ProbeRefusal) {
        guard let view = view as? OrdersContentView else { return }
        let other = OrdersViewModel(loadOrders: world.useCases.loadOrders)
        others.append(other)
        view.viewModel = other
        renders.start(view)
        other.load()
    }

    let rebindSource = "SwiftUI's: view.viewModel = other, then a render"

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

/// The subject's render queue: it renders every view as the backend's
/// queue does, but for the views attached with the naive wiring, whose
/// loops hold them strongly.
final class ProbeRenderQueue: RenderQueue {
    private struct WeakView {
        weak var object: AnyObject?
    }

    private var heldStrongly: [WeakView] = []

    /// Renders `view`, from its next start on, with a loop that holds it.
    func holdStrongly(_ view: AnyObject) {
        heldStrongly.append(WeakView(object: view))
    }

    override func loop(for view: some ObservingView) -> RenderLoop {
        guard heldStrongly.contains(where: { $0.object === view }) else { return super.loop(for: view) }
        return ViewHoldingRenderLoop(view: view, queue: self)
    }
}

/// The render loop as `onChange: { self.setNeedsRender() }`, written in the
/// view, would make it: what Observation keeps until the next change holds
/// the view itself. The view model's registrar holds the view, which holds
/// the view model, and every re-render registers again: a cycle for as
/// long as the view model lives.
final class ViewHoldingRenderLoop: RenderLoop {
    private let view: AnyObject

    override init(view: some ObservingView, queue: RenderQueue) {
        self.view = view
        super.init(view: view, queue: queue)
    }
}

/// How many trackings `object`'s registrar holds: registered by
/// `withObservationTracking` and not fired yet. Read from Observation's own
/// storage, which it keeps private (the registrar's state is the header of
/// a `ManagedBuffer`), as the census reads a backend: with a `Mirror`.
///
/// - Complexity: O(*t*) in the trackings, which the `Mirror` lists.
func trackings(of object: AnyObject) -> Int {
    let registrar = Mirror(reflecting: object)
    guard let buffer = registrar.descendant("_$observationRegistrar", "extent", "context", "state", "buffer") else {
        return 0
    }
    var level: Mirror? = Mirror(reflecting: buffer)
    while let mirror = level {
        if let observations = mirror.descendant("header", "observations") {
            return Mirror(reflecting: observations).children.count
        }
        level = mirror.superclassMirror
    }
    return 0
}

extension ObservationProbeSubject {
    /// A text field bound both ways to an `@Observable` value, SwiftUI's
    /// `TextField(text: $model.name)`: typing sets the value; the view renders
    /// the value into the field, where the diff finds it already shown.
    func attachTwoWayField(in world: World) throws(ProbeRefusal) -> any TwoWayProbe {
        let view = TwoWayFieldView(renders: renders)
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
    let field = TextField(prompt: "Name: ", name: "name")
    let model = TwoWayModel()
    private let renders: RenderQueue

    init(renders: RenderQueue) {
        self.renders = renders
    }

    func viewDidLoad() {
        field.onTextChange = { [weak self] text in self?.model.name = text }
        renders.start(self)
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

extension ObservationProbeSubject {
    /// `withObservationTracking({ viewModel.orders[row] }, onChange: { … })`,
    /// called once: Observation tells `onChange` once, before the value
    /// changes (in its `willSet`), and forgets it; whoever wants the next
    /// change must track again. Nothing cancels a tracking.
    func listen(toRow row: Int, form: ProbeWiring, _ heard: @escaping (ProbeDelivery) -> Void)
        throws(ProbeRefusal) -> any ProbeListener
    {
        guard form == .recommended else { throw ProbeRefusal("beyond the articles: Observation has no article form") }
        let viewModel = self.viewModel
        let readBack: () -> String? = { [weak viewModel] in
            viewModel?.orders[row: row].map { OrderRowViewModel(order: $0).title }
        }
        let told = MainThreadOnly(value: { heard(ProbeDelivery(delivered: nil, readBack: readBack)) })
        withObservationTracking {
            _ = readBack()
        } onChange: {
            told.value()
        }
        return UnstoppableProbeListener("a tracking cannot be cancelled: it fires once, at the next change")
    }
}
