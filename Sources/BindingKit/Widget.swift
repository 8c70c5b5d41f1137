/// A terminal widget: the playground's stand-in for a UIKit view.
///
/// Views of every backend are composed of the same widgets, so the only thing
/// that differs between backends is the glue that sets them.
public protocol Widget: AnyObject {
    /// The widget's lines at `width` columns; empty when it shows nothing.
    func render(width: Int) -> [String]
}

/// Shared by the widgets: reports each property set to the tracer, marking a
/// set to the value already shown as redundant.
public class WidgetBase {
    /// The name the trace shows, e.g. `title` or `list`.
    public let name: String
    let tracer: Tracer?

    init(widgetName name: String, tracer: Tracer?) {
        self.name = name
        self.tracer = tracer
    }

    func didSet<Value: Equatable>(_ old: Value, _ new: Value) {
        tracer?.widgetUpdated(name, redundant: old == new)
    }
}

extension String {
    /// Cut to `width` characters, with an ellipsis when something was cut.
    public func fitted(to width: Int) -> String {
        guard width > 0 else { return "" }
        guard count > width else { return self }
        return String(prefix(width - 1)) + "…"
    }

    /// Cut or padded with spaces to exactly `width` characters.
    public func padded(to width: Int) -> String {
        let text = fitted(to: width)
        return text + String(repeating: " ", count: max(0, width - text.count))
    }
}
