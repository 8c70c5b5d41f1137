import BindingKit

/// What a hosted view lays out: the widgets of the screen, top to bottom.
/// SwiftUI makes a body's platform views itself; here the views hold
/// BindingKit's (the screens' widgets, the same in every backend).
protocol WidgetLayout {
    var widgets: [any Widget] { get }
}

/// SwiftUI's `UIHostingController`: the screen (a view controller) that
/// shows a tree of views, and the part of SwiftUI that keeps it up to date.
///
/// When it loads, it finds by reflection the views of the tree that observe
/// objects (their `@ObservedObject`s, as SwiftUI finds a view's dynamic
/// properties), subscribes to each object's `objectWillChange`, and draws
/// every view. An object that says it will change invalidates the views
/// that observe it — whole, whatever they read; it cannot be drawn then,
/// since the value is not stored yet. On the next main-queue turn the host
/// draws the views invalidated since, once each however many changes came,
/// in the order of the tree: SwiftUI's next update.
final class HostingController<Content: View & WidgetLayout>: Screen {
    /// The tree shown. Setting it (a parent's body handing the view new
    /// values) subscribes and draws afresh; no `onAppear` runs again.
    var rootView: Content {
        didSet { if isLoaded { load() } }
    }
    /// The navigation item's title.
    let title = Label(name: "title")
    /// UIKit's child view controllers: screens embedded in this one.
    private(set) var children: [any Screen] = []
    /// The playground's watch on the re-renders (`PublishedBackend+Trace.swift`); nil otherwise.
    var watch: (any RenderWatch)?

    /// One view of the tree that observes objects, or the root.
    private struct Node {
        var view: any View
        var subscriptions: [AnyCancellable] = []
        /// What it drew last: what takes each widget off the screen.
        var shown: [ObjectIdentifier: (inout Renderer) -> Void] = [:]
        var onDisappear: [() -> Void] = []
        var unwire: [() -> Void] = []
    }

    private var nodes: [Node] = []
    /// The views invalidated since the last update, by node, with the type
    /// of the object that did it first.
    private var invalidated: [Int: Any.Type] = [:]
    private var isLoaded = false

    init(rootView: Content) {
        self.rootView = rootView
    }

    /// The view leaves the screen with its controller: its `onDisappear`s
    /// run, and its widgets let go of its actions.
    deinit {
        for node in nodes { node.onDisappear.forEach { $0() } }
        for node in nodes { node.unwire.forEach { $0() } }
    }

    var widgets: [any Widget] { rootView.widgets }

    func viewDidLoad() {
        isLoaded = true
        let onAppear = load()
        onAppear.forEach { $0() }
    }

    /// Shows `child` in `container` (`addChild(_:)`) and loads it.
    func addChild(_ child: any Screen, in container: Stack) {
        children.append(child)
        container.children = child.widgets
        child.viewDidLoad()
    }

    /// Takes `child` out of `container` (`removeFromParent()`).
    func removeChild(_ child: any Screen, from container: Stack) {
        children.removeAll { $0 === child }
        container.children = []
    }

    // MARK: SwiftUI's part

    /// Finds the observing views, subscribes, draws them all.
    /// - Returns: the `onAppear` actions of what was drawn.
    @discardableResult
    private func load() -> [() -> Void] {
        invalidated = [:]
        for node in nodes { node.unwire.forEach { $0() } }
        nodes = Self.observingViews(in: rootView).map { Node(view: $0) }
        for index in nodes.indices {
            for property in Self.dynamicProperties(of: nodes[index].view) {
                let object = property.observedObject
                let invalidation = ViewInvalidation(
                    host: self, node: index, view: type(of: nodes[index].view), object: type(of: object))
                nodes[index].subscriptions.append(object.objectWillChange.subscribe(invalidation))
            }
        }
        return nodes.indices.flatMap { draw($0).onAppear }
    }

    /// An object that `node`'s view observes is about to change.
    fileprivate func invalidate(_ node: Int, by object: Any.Type) {
        if invalidated.isEmpty {
            // Read first: Swift 6 takes a closure written in `DispatchQueue.main.async`
            // for a main-actor one, which this (non-isolated) view cannot be.
            let mainQueue = DispatchQueue.main
            mainQueue.async { [weak self] in self?.update() }
        }
        if invalidated[node] == nil { invalidated[node] = object }
    }

    /// SwiftUI's update: draws again every view invalidated since the last.
    private func update() {
        let batch = invalidated.sorted { $0.key < $1.key }
        invalidated = [:]
        for (index, object) in batch where nodes.indices.contains(index) {
            let widgets = draw(index).widgetsSet
            watch?.rendered(type(of: nodes[index].view), invalidatedBy: object, widgets: widgets)
        }
    }

    /// Evaluates the body of `node`'s view into its widgets.
    private func draw(_ index: Int) -> Renderer {
        let view = nodes[index].view
        var renderer = Renderer(
            title: title, drawnOnTheirOwn: Set(nodes.indices.filter { $0 != index }.map { Self.kind(nodes[$0].view) }))
        if let primitive = view as? any PrimitiveView {
            primitive.draw(in: &renderer)
        } else {
            renderer.draw(view.body)
        }
        for (widget, remove) in nodes[index].shown where renderer.shown[widget] == nil { remove(&renderer) }
        nodes[index].shown = renderer.shown
        nodes[index].onDisappear = renderer.onDisappear
        nodes[index].unwire = renderer.unwire
        return renderer
    }

    private static func kind(_ view: any View) -> ObjectIdentifier { ObjectIdentifier(type(of: view)) }

    /// The root, then every view stored in a view of the tree, depth first.
    private static func observingViews(in root: any View) -> [any View] {
        var views: [any View] = [root]
        for child in Mirror(reflecting: root).children {
            if let view = child.value as? any View, !(view is any PrimitiveView) {
                views += observingViews(in: view)
            }
        }
        return views
    }

    /// The `@ObservedObject`s among `view`'s stored properties.
    private static func dynamicProperties(of view: any View) -> [any DynamicProperty] {
        Mirror(reflecting: view).children.compactMap { $0.value as? any DynamicProperty }
    }
}

/// SwiftUI's subscription for one view: invalidates it when an object it
/// observes says it will change. It holds the host weakly; the host holds
/// the subscription, which it cancels when it goes.
final class ViewInvalidation: Subscriber {
    private weak var host: (any InvalidationTarget)?
    private let node: Int
    /// The view invalidated, and the object it observes.
    let view: Any.Type
    let object: Any.Type

    fileprivate init(host: any InvalidationTarget, node: Int, view: Any.Type, object: Any.Type) {
        self.host = host
        self.node = node
        self.view = view
        self.object = object
    }

    func receive() { host?.invalidate(node, by: object) }
}

fileprivate protocol InvalidationTarget: AnyObject {
    func invalidate(_ node: Int, by object: Any.Type)
}

extension HostingController: InvalidationTarget {}
