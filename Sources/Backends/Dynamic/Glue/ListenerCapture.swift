import BindingKit

/// How a view's closure listeners capture the view — seed 003's three
/// wirings ("Мысли про unowned, weak, Void и Void?").
///
/// The backend is wired `.weak`, the article's fix. The other two exist so
/// that the playground can show what the article warns of:
/// - `.strong` (`{ self.label.text = $0 }`): the `Dynamic` holds its
///   listeners strongly and cannot remove them, so the view model holds the
///   view, which holds the view model: neither ever goes.
/// - `.unowned` (`{ [unowned self] in … }`): no cycle, but a listener called
///   after the view died would crash the app. The playground never executes
///   that: the closure holds the view weakly and, where `unowned` would have
///   trapped, records a dropped hop saying so.
public enum ListenerCapture: String, Sendable, CaseIterable {
    case weak, strong, unowned

    /// A listener that hands `body` the view, captured this way.
    ///
    /// `.weak` is exactly the article's `{ [weak self] v in self?.… }`.
    func listener<View: AnyObject, T>(
        _ view: View, tracer: Tracer, _ body: @escaping (View, T) -> Void
    ) -> (T) -> Void {
        switch self {
        case .weak:
            return { [weak view] v in
                if let view { body(view, v) }
            }
        case .strong:
            return { v in body(view, v) }
        case .unowned:
            let name = "\(View.self)"
            return { [weak view] v in
                guard let view else {
                    tracer.hop("unowned self read after deinit: the app would crash here", from: name, to: nil)
                    return
                }
                body(view, v)
            }
        }
    }
}
