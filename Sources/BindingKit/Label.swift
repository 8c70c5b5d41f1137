/// A line of text (UILabel).
public final class Label: WidgetBase, Widget {
    public var text: String {
        didSet { didSet(oldValue, text) }
    }
    public var isHidden: Bool {
        didSet { didSet(oldValue, isHidden) }
    }

    public init(_ text: String = "", name: String = "label", tracer: Tracer? = nil) {
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

    public init(caption: String = "Loading…", name: String = "spinner", tracer: Tracer? = nil) {
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

    public init(name: String = "alert", tracer: Tracer? = nil) {
        super.init(widgetName: name, tracer: tracer)
    }

    public func present(title: String, message: String) {
        let same = isPresented && self.title == title && self.message == message
        self.title = title
        self.message = message
        isPresented = true
        tracer?.widgetUpdated(name, redundant: same)
    }

    /// The user taps OK.
    public func dismiss() {
        didSet(isPresented, false)
        isPresented = false
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
    /// What the view wired to a tap.
    public var onTap: (() -> Void)?

    public init(_ title: String, name: String = "button", tracer: Tracer? = nil) {
        self.title = title
        super.init(widgetName: name, tracer: tracer)
    }

    /// The user taps; a disabled button ignores it.
    /// - Returns: whether the tap was delivered.
    @discardableResult
    public func tap() -> Bool {
        guard isEnabled else { return false }
        onTap?()
        return true
    }

    public func render(width: Int) -> [String] {
        [(isEnabled ? "[ \(title) ]" : "( \(title) )").fitted(to: width)]
    }
}

/// A search bar (UISearchBar): the user types, submits, cancels.
public final class SearchField: WidgetBase, Widget {
    public var text: String {
        didSet { didSet(oldValue, text) }
    }
    public var placeholder: String {
        didSet { didSet(oldValue, placeholder) }
    }
    public var onBeginEditing: (() -> Void)?
    public var onSubmit: ((String) -> Void)?
    public var onCancel: (() -> Void)?

    public init(placeholder: String = "", name: String = "search", tracer: Tracer? = nil) {
        self.text = ""
        self.placeholder = placeholder
        super.init(widgetName: name, tracer: tracer)
    }

    /// The user taps into the field.
    public func beginEditing() { onBeginEditing?() }

    /// The user types `query` and presses Search.
    public func submit(_ query: String) {
        text = query
        onSubmit?(query)
    }

    /// The user presses Cancel.
    public func cancel() { onCancel?() }

    public func render(width: Int) -> [String] {
        let shown = text.isEmpty ? placeholder : text
        return ["⌕ \(shown)".fitted(to: width)]
    }
}
