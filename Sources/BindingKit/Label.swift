/// A line of text (UILabel).
public final class Label: WidgetBase, Widget {
    public var text: String {
        didSet { didSet(oldValue, text) }
    }
    public var isHidden: Bool {
        didSet { didSet(oldValue, isHidden) }
    }

    public init(_ text: String = "", name: String = "label", tracer: Tracer? = World.current?.tracer) {
        self.text = text
        self.isHidden = false
        super.init(widgetName: name, tracer: tracer)
    }

    public func render(width: Int) -> [String] {
        isHidden || text.isEmpty ? [] : [text.fitted(to: width)]
    }
}

/// A loading indicator (UIActivityIndicatorView).
public final class Spinner: WidgetBase, Widget {
    public private(set) var isAnimating = false {
        didSet { didSet(oldValue, isAnimating) }
    }
    /// What the spinner says while it turns.
    public var caption: String

    public init(caption: String = "Loading…", name: String = "spinner", tracer: Tracer? = World.current?.tracer) {
        self.caption = caption
        super.init(widgetName: name, tracer: tracer)
    }

    public func startAnimating() { isAnimating = true }
    public func stopAnimating() { isAnimating = false }

    public func render(width: Int) -> [String] {
        isAnimating ? ["⟳ \(caption)".fitted(to: width)] : []
    }
}

/// A modal error message with an OK button (UIAlertController).
public final class Alert: WidgetBase, Widget {
    public private(set) var title = ""
    public private(set) var message = ""
    public private(set) var isPresented = false
    /// What the view wired to the OK button (SwiftUI's dismiss button
    /// action, which also writes the dismissal back to its binding); nil for
    /// a view that only presents.
    public var onDismiss: (() -> Void)?

    public init(name: String = "alert", tracer: Tracer? = World.current?.tracer) {
        super.init(widgetName: name, tracer: tracer)
    }

    public func present(title: String, message: String) {
        let same = isPresented && self.title == title && self.message == message
        self.title = title
        self.message = message
        isPresented = true
        tracer?.widgetUpdated(name, redundant: same)
    }

    /// The user taps OK: the alert goes, then the view hears (a gesture,
    /// traced as `dismiss()`, when a handler is wired).
    public func dismiss() {
        didSet(isPresented, false)
        isPresented = false
        gesture("dismiss()", onDismiss)
    }

    public func render(width: Int) -> [String] {
        guard isPresented else { return [] }
        let button = " [OK]"
        let text = message.fitted(to: width - button.count)
        let gap = String(repeating: " ", count: max(0, width - text.displayWidth - button.count))
        return ["⚠ \(title)".fitted(to: width), text + gap + button]
    }
}

/// A tappable button with an enabled state (UIButton).
public final class Button: WidgetBase, Widget {
    public var title: String {
        didSet { didSet(oldValue, title) }
    }
    public var isEnabled = true {
        didSet { didSet(oldValue, isEnabled) }
    }
    /// A hidden button draws nothing and cannot be tapped.
    public var isHidden = false {
        didSet { didSet(oldValue, isHidden) }
    }
    /// What the view wired to a tap.
    public var onTap: (() -> Void)?

    public init(
        _ title: String, name: String = "button", isHidden: Bool = false, tracer: Tracer? = World.current?.tracer
    ) {
        self.title = title
        self.isHidden = isHidden
        super.init(widgetName: name, tracer: tracer)
    }

    /// The user taps; a disabled or hidden button ignores it.
    /// - Returns: whether the tap was delivered.
    @discardableResult
    public func tap() -> Bool {
        guard isEnabled, !isHidden else { return false }
        gesture("tap()", onTap)
        return true
    }

    /// `[ Load more ]` while enabled, `( Load more )` while disabled.
    public func render(width: Int) -> [String] {
        guard !isHidden else { return [] }
        return [(isEnabled ? "[ \(title) ]" : "( \(title) )").fitted(to: width)]
    }
}

/// A one-line text field (UITextField): the user types into it and presses
/// Return.
///
/// Typing sets `text` and calls `onTextChange` (UIKit's `.editingChanged`),
/// which is where a two-way binding listens; Return calls `onSubmit` with the
/// text typed. A view that sets `text` itself (showing its view model's
/// value) calls neither, as UIKit's does not.
public class TextField: WidgetBase, Widget {
    public var text: String {
        didSet { didSet(oldValue, text) }
    }
    public var placeholder: String {
        didSet { didSet(oldValue, placeholder) }
    }
    /// What the field shows before its text, e.g. "⌕ " or "Name: ".
    public let prompt: String
    public var onBeginEditing: (() -> Void)?
    /// The user changed the text (each edit).
    public var onTextChange: ((String) -> Void)?
    /// The user pressed Return (a search bar's Search).
    public var onSubmit: ((String) -> Void)?

    public init(
        prompt: String = "✎ ", placeholder: String = "", name: String = "field", tracer: Tracer? = World.current?.tracer
    ) {
        self.text = ""
        self.placeholder = placeholder
        self.prompt = prompt
        super.init(widgetName: name, tracer: tracer)
    }

    /// The user taps into the field.
    public func beginEditing() { gesture("beginEditing()", onBeginEditing) }

    /// The user replaces the field's text with `text`, as typing would.
    public func type(_ text: String) {
        self.text = text
        gesture("type(\(text.quotedForTrace))", onTextChange, text)
    }

    /// The user presses Return: what is typed is submitted.
    public func submit() {
        gesture("submit()", onSubmit, text)
    }

    public func render(width: Int) -> [String] {
        let shown = text.isEmpty ? placeholder : text
        return ["\(prompt)\(shown)".fitted(to: width)]
    }
}

/// A search bar (UISearchBar): the user types, submits, cancels.
public final class SearchField: TextField {
    public var onCancel: (() -> Void)?

    public init(placeholder: String = "", name: String = "search", tracer: Tracer? = World.current?.tracer) {
        super.init(prompt: "⌕ ", placeholder: placeholder, name: name, tracer: tracer)
    }

    /// The user types `query` and presses Search, in one step.
    public func submit(_ query: String) {
        type(query)
        submit()
    }

    /// The user presses Cancel.
    public func cancel() { gesture("cancel()", onCancel) }
}
