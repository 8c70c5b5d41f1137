public import BindingKit

// Seed 003's UIKit extensions, for the playground's widgets: each modifier is
// made on first use and kept on its widget in associated storage (the
// article's "get, or make and set", atomic here), and captures the widget
// weakly, as the article's `[weak self]` does. A view that owns widgets
// releases their associations when it goes (`releaseAssociations(of:)`):
// Swift has no hook into a widget's own death.

private let labelTextKey = AssociationKey<PropertyModifier<String>>("textModifier")
private let labelHiddenKey = AssociationKey<PropertyModifier<Bool>>("hiddenModifier")
private let spinnerAnimatingKey = AssociationKey<PropertyModifier<Bool>>("animatingModifier")
private let fieldTextKey = AssociationKey<PropertyModifier<String>>("textModifier")
private let fieldPlaceholderKey = AssociationKey<PropertyModifier<String>>("placeholderModifier")
private let fieldTextDynamicKey = AssociationKey<Dynamic<String>>("textDynamic")
private let buttonEnabledKey = AssociationKey<PropertyModifier<Bool>>("enabledModifier")
private let buttonHiddenKey = AssociationKey<PropertyModifier<Bool>>("hiddenModifier")

/// The modifier of `widget` stored under `key`, made the first time.
private func modifier<W: WidgetBase, T>(
    _ widget: W, _ key: AssociationKey<PropertyModifier<T>>, _ property: String, _ set: @escaping (W, T) -> Void
) -> PropertyModifier<T> {
    AssociatedObjectStore.shared.value(
        for: key, on: widget,
        insertingIfAbsent: PropertyModifier(name: "\(widget.name).\(property)") { [weak widget] v in
            if let widget { set(widget, v) }
        })
}

extension Label: BindableObject {
    public var textModifier: PropertyModifier<String> { modifier(self, labelTextKey, "text") { $0.text = $1 } }
    public var hiddenModifier: PropertyModifier<Bool> {
        modifier(self, labelHiddenKey, "isHidden") { $0.isHidden = $1 }
    }
    public var defaultPropertyModifier: PropertyModifier<String> { textModifier }
}

extension Spinner: BindableObject {
    public var animatingModifier: PropertyModifier<Bool> {
        modifier(self, spinnerAnimatingKey, "isAnimating") { spinner, on in
            if on { spinner.startAnimating() } else { spinner.stopAnimating() }
        }
    }
    public var defaultPropertyModifier: PropertyModifier<Bool> { animatingModifier }
}

extension Button: BindableObject {
    public var enabledModifier: PropertyModifier<Bool> {
        modifier(self, buttonEnabledKey, "isEnabled") { $0.isEnabled = $1 }
    }
    public var hiddenModifier: PropertyModifier<Bool> {
        modifier(self, buttonHiddenKey, "isHidden") { $0.isHidden = $1 }
    }
    public var defaultPropertyModifier: PropertyModifier<Bool> { enabledModifier }
}

extension TextField: BindableObject, DynamicalObject {
    public var textModifier: PropertyModifier<String> { modifier(self, fieldTextKey, "text") { $0.text = $1 } }
    public var placeholderModifier: PropertyModifier<String> {
        modifier(self, fieldPlaceholderKey, "placeholder") { $0.placeholder = $1 }
    }
    public var defaultPropertyModifier: PropertyModifier<String> { textModifier }

    /// The demo's `UITextField.textDynamic`: what the user types goes into it
    /// (the field's `onTextChange`, the demo's `.EditingChanged` target,
    /// taken when the `Dynamic` is made), and what is set on it shows in the
    /// field.
    public var textDynamic: Dynamic<String> {
        if let td = getAssociatedObject(self, fieldTextDynamicKey) { return td }
        let td = Dynamic<String>(text)
        td.bind({ [weak self] v in self?.text = v }, name: "\(name).text")
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
