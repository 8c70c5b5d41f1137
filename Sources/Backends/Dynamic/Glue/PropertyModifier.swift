/// The `PropertyModifier<T>` of "Bindings in Swift: first steps towards
/// MVVM" (2015): a widget's setter for one property, kept on the widget (in
/// associated storage) so that a `Dynamic` can be bound to it without a
/// closure: `viewModel.title >>> label.textModifier`.
public final class PropertyModifier<T> {
    public typealias Modifier = (T) -> Void

    public let modifier: Modifier

    public init(_ l: @escaping Modifier) {
        self.modifier = l
    }
}

/// A widget with one property bound by default, so that `viewModel.title
/// >>> label` works (the article's `BindableObject`; its misspelt
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
