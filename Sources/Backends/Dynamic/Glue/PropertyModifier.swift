/// Seed 003's `PropertyModifier<T>`: a widget's setter for one property,
/// kept on the widget (in associated storage) so that a `Dynamic` can be
/// bound to it without a closure: `viewModel.title >>> label.textModifier`.
///
/// The article's class has only `modifier`; `name` (`title.text`) is the
/// playground's, for the trace.
public final class PropertyModifier<T> {
    public typealias Modifier = (T) -> Void

    public let modifier: Modifier
    /// What it sets, `widget.property`, as the trace names the receiver.
    public let name: String

    public init(name: String, _ l: @escaping Modifier) {
        self.name = name
        self.modifier = l
    }
}

/// A widget with one property bound by default, so that `viewModel.title
/// >>> label` works (seed 003's `BindableObject`; the article's misspelt
/// `defaulPropertytModifier` is spelt right here).
public protocol BindableObject {
    associatedtype DefaultPropertyModifierTargetType
    var defaultPropertyModifier: PropertyModifier<DefaultPropertyModifierTargetType> { get }
}

/// A control whose value the user changes, with a `Dynamic` of that value
/// for two-way binding (the demo's `DynamicalObject`: `UITextField.textDynamic`).
public protocol DynamicalObject {
    associatedtype DefaultDynamicalPropertyType
    var defaultDynamicProperty: Dynamic<DefaultDynamicalPropertyType> { get }
}
