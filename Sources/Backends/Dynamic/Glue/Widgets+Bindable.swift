public import BindingKit

// The UIKit extensions of "Bindings in Swift: first steps towards MVVM"
// (2015) and its demo, for the playground's widgets: each modifier is made on
// first use and kept on its widget in associated storage (the article's "get,
// or make and set", atomic here), and captures the widget weakly, as the
// article's `[weak self]` does. A view that owns widgets releases their
// associations when it goes (`releaseAssociations(of:)`): Swift has no hook
// into a widget's own death.

// The article's `UILabelPropertyKeyTextModifier` and the like.
let labelTextKey = AssociationKey<PropertyModifier<String>>("textModifier")
let labelHiddenKey = AssociationKey<PropertyModifier<Bool>>("hiddenModifier")
let spinnerAnimatingKey = AssociationKey<PropertyModifier<Bool>>("animatingModifier")
let fieldTextKey = AssociationKey<PropertyModifier<String>>("textModifier")
let fieldPlaceholderKey = AssociationKey<PropertyModifier<String>>("placeholderModifier")
private let fieldTextDynamicKey = AssociationKey<Dynamic<String>>("textDynamic")
let buttonEnabledKey = AssociationKey<PropertyModifier<Bool>>("enabledModifier")
let buttonHiddenKey = AssociationKey<PropertyModifier<Bool>>("hiddenModifier")

/// The modifier of `widget` stored under `key`, made the first time.
private func modifier<W: WidgetBase, T>(
    _ widget: W, _ key: AssociationKey<PropertyModifier<T>>, _ set: @escaping (W, T) -> Void
) -> PropertyModifier<T> {
    AssociatedObjectStore.shared.value(
        for: key, on: widget,
        insertingIfAbsent: PropertyModifier { [weak widget] v in
            if let widget { set(widget, v) }
        })
}

extension Label: BindableObject {
    public var textModifier: PropertyModifier<String> { modifier(self, labelTextKey) { $0.text = $1 } }
    public var hiddenModifier: PropertyModifier<Bool> {
        modifier(self, labelHiddenKey) { $0.isHidden = $1 }
    }
    public var defaultPropertyModifier: PropertyModifier<String> { textModifier }
}

extension Spinner: BindableObject {
    public var animatingModifier: PropertyModifier<Bool> {
        modifier(self, spinnerAnimatingKey) { spinner, on in
            if on { spinner.startAnimating() } else { spinner.stopAnimating() }
        }
    }
    public var defaultPropertyModifier: PropertyModifier<Bool> { animatingModifier }
}

extension Button: BindableObject {
    public var enabledModifier: PropertyModifier<Bool> {
        modifier(self, buttonEnabledKey) { $0.isEnabled = $1 }
    }
    public var hiddenModifier: PropertyModifier<Bool> {
        modifier(self, buttonHiddenKey) { $0.isHidden = $1 }
    }
    public var defaultPropertyModifier: PropertyModifier<Bool> { enabledModifier }
}

extension TextField: BindableObject, DynamicalObject {
    public var textModifier: PropertyModifier<String> { modifier(self, fieldTextKey) { $0.text = $1 } }
    public var placeholderModifier: PropertyModifier<String> {
        modifier(self, fieldPlaceholderKey) { $0.placeholder = $1 }
    }
    public var defaultPropertyModifier: PropertyModifier<String> { textModifier }

    /// The demo's `UITextField.textDynamic`: what the user types goes into it
    /// (the field's `onTextChange`, the demo's `.EditingChanged` target,
    /// taken when the `Dynamic` is made), and what is set on it shows in the
    /// field.
    public var textDynamic: Dynamic<String> {
        if let td = getAssociatedObject(self, fieldTextDynamicKey) { return td }
        let td = Dynamic<String>(text)
        td >>> { [weak self] v in self?.text = v }
        onTextChange = { [weak self] _ in self?.valueChanged() }
        setAssociatedObject(self, fieldTextDynamicKey, td, .retain)
        return td
    }
    public var defaultDynamicProperty: Dynamic<String> { textDynamic }

    /// The user changed the text: the demo's `valueChanged(_:)` target action.
    private func valueChanged() {
        textDynamic.value = text
    }
}

/// Lets go of every association the glue hung on `widgets` (modifiers, a
/// field's `Dynamic`): what the runtime does when a view deallocates.
func releaseAssociations(of widgets: [any Widget]) {
    for widget in widgets {
        removeAssociatedObjects(widget)
        if let stack = widget as? Stack { releaseAssociations(of: stack.children) }
    }
}
