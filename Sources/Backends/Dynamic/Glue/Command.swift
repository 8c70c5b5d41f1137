public import BindingKit

/// Seed 003's `Command<T>` (from Xamarin Forms): an action and whether it
/// may run. `enabled` is held weakly, as in the article: the view model that
/// owns both keeps it alive, and a command outliving it simply runs.
/// `execute(value:sender:)` does nothing while `enabled` is false.
///
/// Traced (`traced(_:by:in:)`, the playground's addition), each execution is
/// a hop from the widget that sent it to the view model that owns it.
public final class Command<T> {
    public typealias CommandType = (_ value: T, _ sender: AnyObject?) -> Void

    public weak var enabled: Dynamic<Bool>?
    private let command: CommandType
    private var tracing: (tracer: Tracer, owner: String, name: String)?

    public init(enabled: Dynamic<Bool>, command: @escaping CommandType) {
        self.enabled = enabled
        self.command = command
    }

    public init(command: @escaping CommandType) {
        self.command = command
    }

    public func execute(value: T) {
        execute(value: value, sender: nil)
    }

    public func execute(value: T, sender: AnyObject?) {
        let isEnabled = enabled?.value ?? true
        if let tracing {
            let from = (sender as? WidgetBase)?.name ?? "view"
            let message = "\(tracing.name).execute(\(T.self == Void.self ? "" : "\(value)"))"
            tracing.tracer.hop(isEnabled ? message : "\(message): disabled, ignored", from: from, to: tracing.owner)
        }
        if isEnabled { command(value, sender) }
    }

    /// Traces every execution from now on, and a `Commander`'s refusal of it.
    @discardableResult
    func traced(_ name: String, by owner: Any.Type, in world: World) -> Self {
        tracing = (world.tracer, "\(owner)", name)
        return self
    }

    /// Reports a programming error made with this command: one traced line,
    /// never a crash.
    func reportProgrammingError(_ message: String, by widget: String) {
        tracing?.tracer.hop("programming error: \(message)", from: widget, to: nil)
    }
}

extension Command where T == Void {
    public func execute() { execute(value: ()) }
}

/// A control that runs a command (seed 003's `Commander`).
public protocol Commander {
    associatedtype CommandType
    func setCommand(_ command: Command<CommandType>)
}

/// The article's `&UIButtonPropertyKeyCommand`.
private let buttonCommandKey = AssociationKey<Command<Void>>("command")

extension Button: Commander {
    public typealias CommandType = Void

    /// Stores `command` on the button without retaining it (the article's
    /// `OBJC_ASSOCIATION_ASSIGN`; here a zeroing weak reference, so a tap after
    /// the command died does nothing instead of touching freed memory), makes
    /// the button follow `command.enabled` and run the command when tapped.
    ///
    /// A second command on one button is the article's `fatalError("Multiple
    /// assigment to command")`: a programming error. Here it is traced and
    /// ignored — the button keeps its first command — so that a session can
    /// show it without ending the process.
    public func setCommand(_ command: Command<Void>) {
        if getAssociatedObject(self, buttonCommandKey) != nil {
            command.reportProgrammingError("a second command for button '\(name)' (the article's fatalError)", by: name)
            return
        }
        setAssociatedObject(self, buttonCommandKey, command, .assign)
        command.enabled?.bind({ [weak self] in self?.isEnabled = $0 }, name: "\(name).isEnabled")
        onTap = { [weak self] in self?.buttonTapped() }
    }

    /// The article's `buttonTapped(_:)` target action.
    private func buttonTapped() {
        getAssociatedObject(self, buttonCommandKey)?.execute(value: (), sender: self)
    }
}
