import BindingKit

// SwiftUI is Apple's: the part of it the SwiftUI container article's views
// need is modelled here, as small as its rules allow (each is cited in
// Docs/approaches/published.md). Named as SwiftUI names them: in this module
// `Text`, `TextField`, `Button` and `Alert` are SwiftUI's, and the widgets
// they are drawn in BindingKit's (`BindingKit.TextField`, …).

/// SwiftUI's `View`: a value that describes part of a screen in its `body`.
/// Views are structs; the screen they describe is made of widgets that
/// outlive them (here BindingKit's, which the views hold).
protocol View {
    associatedtype Body: View
    @ViewBuilder var body: Body { get }
}

extension Never: View {
    var body: Never { return preconditionFailure("Never has no body") }
}

/// A view SwiftUI draws itself (a text, a list, a stack, a modifier): here,
/// one that sets the widgets it describes. It has no `body`.
protocol PrimitiveView: View where Body == Never {
    func draw(in renderer: inout Renderer)
}

extension PrimitiveView {
    var body: Never { preconditionFailure("\(Self.self) is drawn, it has no body") }
}

/// SwiftUI's `ViewBuilder`: the views of a block, and of its `if`s (the
/// screens need no `else`).
@resultBuilder
enum ViewBuilder {
    static func buildBlock(_ views: any View...) -> TupleView { TupleView(views) }
    static func buildOptional(_ views: TupleView?) -> TupleView { views ?? TupleView([]) }
}

/// The views of a block, drawn in order.
struct TupleView: PrimitiveView {
    let views: [any View]

    init(_ views: [any View]) {
        self.views = views
    }

    func draw(in renderer: inout Renderer) {
        for view in views { renderer.draw(view) }
    }
}

/// SwiftUI's `ZStack`: its views one over the other (the terminal draws
/// them in the order of the layout).
struct ZStack: PrimitiveView {
    let content: TupleView

    init(@ViewBuilder content: () -> TupleView) {
        self.content = content()
    }

    func draw(in renderer: inout Renderer) { content.draw(in: &renderer) }
}

/// SwiftUI's `VStack`: its views one under the other.
struct VStack: PrimitiveView {
    let content: TupleView

    init(@ViewBuilder content: () -> TupleView) {
        self.content = content()
    }

    func draw(in renderer: inout Renderer) { content.draw(in: &renderer) }
}

/// What SwiftUI does with a body, by hand: draws it into the widgets.
///
/// A re-evaluated body sets every widget it describes, whatever changed:
/// the widgets count a set to the value they show as redundant. (SwiftUI
/// compares the new body with the last one and touches only what differs;
/// the redundant sets are the part of the body that was evaluated again for
/// nothing.) A primitive that was drawn last time and is not now (an `if`
/// that turned false) is taken off the screen. A view with observed objects
/// of its own (the container's content) is drawn on its own, when they
/// change: a body that holds it leaves it as it is.
struct Renderer {
    /// The screen's navigation title (`.navigationTitle`).
    let title: Label
    /// The views drawn on their own, by type.
    let drawnOnTheirOwn: Set<ObjectIdentifier>
    /// The widgets set, in order, each named once.
    private(set) var widgetsSet: [String] = []
    /// What appeared, and what to do when it is gone, by widget.
    var shown: [ObjectIdentifier: (inout Renderer) -> Void] = [:]
    var onAppear: [() -> Void] = []
    var onDisappear: [() -> Void] = []
    /// What clears the actions set on the widgets, for when the view goes.
    var unwire: [() -> Void] = []

    /// Draws `view`: a primitive sets its widgets; any other view is its body.
    mutating func draw(_ view: any View) {
        if let primitive = view as? any PrimitiveView {
            primitive.draw(in: &self)
        } else if !drawnOnTheirOwn.contains(ObjectIdentifier(type(of: view))) {
            draw(view.body)
        }
    }

    /// Notes that `widget` was set.
    mutating func set(_ widget: WidgetBase) {
        if !widgetsSet.contains(widget.name) { widgetsSet.append(widget.name) }
    }

    /// Notes that the actions of a widget were set, and what clears them:
    /// the widgets outlive the views that SwiftUI would tear down with
    /// their actions, and an action holds its view, which holds the widget.
    mutating func wired(_ clear: @escaping () -> Void) {
        unwire.append(clear)
    }

    /// Notes that `widget` is on the screen, and what takes it off.
    mutating func shows(_ widget: WidgetBase, removing remove: @escaping (inout Renderer) -> Void) {
        shown[ObjectIdentifier(widget)] = remove
    }
}

/// SwiftUI's `DynamicProperty`, as far as the host needs it: a stored
/// property of a view that SwiftUI finds by reflection and subscribes to.
protocol DynamicProperty {
    /// The object whose changes invalidate the view.
    var observedObject: any ObservableObject { get }
}

/// SwiftUI's `@ObservedObject`: the view is invalidated, whole, whenever
/// the object says it will change. The view refers to the object; it does
/// not own it (a `@StateObject` would): whoever makes the view keeps it.
@propertyWrapper
struct ObservedObject<ObjectType: ObservableObject>: DynamicProperty {
    var wrappedValue: ObjectType

    init(wrappedValue: ObjectType) {
        self.wrappedValue = wrappedValue
    }

    var projectedValue: Wrapper { Wrapper(object: wrappedValue) }
    var observedObject: any ObservableObject { wrappedValue }

    /// `$model`: bindings to the object's properties (`$model.query`).
    @dynamicMemberLookup
    struct Wrapper {
        let object: ObjectType

        subscript<Subject>(dynamicMember keyPath: ReferenceWritableKeyPath<ObjectType, Subject>) -> Binding<Subject> {
            Binding(get: { [object] in object[keyPath: keyPath] }, set: { [object] in object[keyPath: keyPath] = $0 })
        }
    }
}

/// SwiftUI's `Binding`: reads and writes a value kept elsewhere.
struct Binding<Value> {
    private let get: () -> Value
    private let set: (Value) -> Void

    init(get: @escaping () -> Value, set: @escaping (Value) -> Void) {
        self.get = get
        self.set = set
    }

    var wrappedValue: Value {
        get { get() }
        nonmutating set { set(newValue) }
    }
}
