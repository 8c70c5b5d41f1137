public import BindingKit

// What the playground adds to watch this backend, beside the article's code.
//
// Three things are traced, each where the article's code does it:
// - an `objectWillChange` send, one hop to each view subscribed, naming the
//   property about to change and what reading it gives then: its old value
//   (the publisher's watch, told by `@Published` in its willSet);
// - a view drawn again, `render()` with the widgets its body set (the
//   hosting controller's watch, told after each update);
// - the content's model calling its container, `showLoading()` and the
//   others, through a stand-in put in the model's `listener` slot, which
//   holds the container as the slot did.
// The host hands `decorate(_:in:)` every object of this backend before its
// screen is shown; the gestures are traced by BindingKit's widgets. The
// approach's plumbing is left out of the census.

extension PublishedBackend {
    public func decorate(_ object: AnyObject, in world: World) {
        watch(object, in: world)
    }
}

/// Puts the playground's watches on `object`: on its `objectWillChange` if
/// it is an observable object, in its `listener` slot if it is a content's
/// model, on its re-renders if it is a hosting controller. A watch already
/// there stays.
func watch(_ object: AnyObject, in world: World) {
    if let host = object as? any RenderWatched, host.watch == nil {
        host.watch = RenderTrace(tracer: world.tracer)
    }
    if let observable = object as? any ObservableObject {
        let publisher = observable.objectWillChange
        if publisher.watch == nil {
            publisher.watch = ObjectWillChangeTrace(publisher: publisher, tracer: world.tracer)
        }
    }
    if let model = object as? any IModel, let listener = model.listener, !(listener is IContainerTrace) {
        model.listener = IContainerTrace(target: listener, source: type(of: model), tracer: world.tracer)
    }
}

/// Told by `@Published` that a property is about to be set.
protocol ObjectWillChangeWatch: AnyObject {
    /// - Parameters:
    ///   - keyPath: the property, read as its object's users read it.
    ///   - storage: its wrapper's storage (`_title`), which names it.
    func willSet(_ keyPath: AnyKeyPath, storage: AnyKeyPath, of object: AnyObject)
}

/// Told by a hosting controller that it drew a view again.
protocol RenderWatch: AnyObject {
    func rendered(_ view: Any.Type, invalidatedBy object: Any.Type, widgets: [String])
}

/// A hosting controller, whatever it hosts.
protocol RenderWatched: AnyObject {
    var watch: (any RenderWatch)? { get set }
}

extension HostingController: RenderWatched {}

/// Records one hop per view subscribed to the object's `objectWillChange`,
/// reading the property as a subscriber would then.
final class ObjectWillChangeTrace: ObjectWillChangeWatch {
    private weak var publisher: ObservableObjectPublisher?
    private let tracer: Tracer

    init(publisher: ObservableObjectPublisher, tracer: Tracer) {
        self.publisher = publisher
        self.tracer = tracer
    }

    func willSet(_ keyPath: AnyKeyPath, storage: AnyKeyPath, of object: AnyObject) {
        guard let subscribers = publisher?.subscribers, !subscribers.isEmpty else { return }
        let name = String(String(describing: storage).split(separator: ".").last?.drop { $0 == "_" } ?? "?")
        let message = "objectWillChange (\(name) still \(Self.describe((object as Any)[keyPath: keyPath], as: name)))"
        for case let invalidation as ViewInvalidation in subscribers {
            tracer.hop(message, from: type(of: object), to: invalidation.view)
        }
    }

    /// A value as a trace shows it: a string quoted and cut, a collection
    /// by its count, an optional unwrapped.
    static func describe(_ value: Any?, as name: String) -> String {
        guard let value else { return "?" }
        if let string = value as? String {
            return string.count > 24 ? "\"\(string.prefix(23))…\"" : "\"\(string)\""
        }
        if let collection = value as? any Collection {
            let count = collection.count
            return "\(count) \(count == 1 && name.hasSuffix("s") ? String(name.dropLast()) : name)"
        }
        let mirror = Mirror(reflecting: value)
        switch mirror.displayStyle {
        case .optional?: return mirror.children.first.map { describe($0.value, as: name) } ?? "nil"
        case .enum?: return ".\(value)"
        case .struct?, .class?: return String(describing: type(of: value))
        default: return String(describing: value)
        }
    }
}

/// Records a view drawn again and the widgets its body set.
final class RenderTrace: RenderWatch {
    private let tracer: Tracer

    init(tracer: Tracer) {
        self.tracer = tracer
    }

    func rendered(_ view: Any.Type, invalidatedBy object: Any.Type, widgets: [String]) {
        let set = widgets.isEmpty ? "nothing" : widgets.joined(separator: ", ")
        tracer.hop("render(): \(set)", from: object, to: view)
    }
}

/// The `listener` slot's stand-in: the container the slot held, held as the
/// slot held it, and where its calls are traced.
final class IContainerTrace: IContainer {
    let target: any IContainer
    private let source: Any.Type
    private let tracer: Tracer

    init(target: any IContainer, source: Any.Type, tracer: Tracer) {
        self.target = target
        self.source = source
        self.tracer = tracer
    }

    func showError(error: String) {
        tracer.hop("showError(error:)", from: source, to: type(of: target))
        target.showError(error: error)
    }

    func showLoading() {
        tracer.hop("showLoading()", from: source, to: type(of: target))
        target.showLoading()
    }

    func hideLoading() {
        tracer.hop("hideLoading()", from: source, to: type(of: target))
        target.hideLoading()
    }
}

extension ObservableObjectPublisher: CensusExempt {}
extension AnyCancellable: CensusExempt {}
extension ViewInvalidation: CensusExempt {}
extension ObjectWillChangeTrace: CensusExempt {}
extension RenderTrace: CensusExempt {}
extension IContainerTrace: CensusExempt {}
