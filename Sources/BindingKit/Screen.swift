/// A view on a navigation stack (a view controller's view): a title and the
/// widgets under it. A backend's container view is the screen; it lays out
/// its spinner and alert around its content view's widgets.
public protocol Screen: AnyObject {
    /// The navigation bar's title.
    var title: Label { get }
    /// The widgets under the title, top to bottom.
    var widgets: [any Widget] { get }
    /// Called once, after the screen is made and shown (`viewDidLoad`).
    func viewDidLoad()
}

extension Screen {
    public func viewDidLoad() {}
}

/// Widgets stacked top to bottom: lets a view embed a child view's widgets.
public final class Stack: Widget {
    public var children: [any Widget]

    public init(_ children: [any Widget] = []) {
        self.children = children
    }

    public func render(width: Int) -> [String] {
        children.flatMap { $0.render(width: width) }
    }
}

extension Screen {
    /// The first widget of type `W` named `name` (any name when nil),
    /// searching stacked children depth-first.
    public func widget<W: Widget>(_ type: W.Type, named name: String? = nil) -> W? {
        func find(in widgets: [any Widget]) -> W? {
            for widget in widgets {
                if let match = widget as? W,
                    name == nil || (widget as? WidgetBase)?.name == name
                {
                    return match
                }
                if let stack = widget as? Stack, let match = find(in: stack.children) {
                    return match
                }
            }
            return nil
        }
        return find(in: widgets)
    }
}
