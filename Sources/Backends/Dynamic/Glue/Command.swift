public import BindingKit

/// The `Command<T>` of "Bindings in Swift: first steps towards MVVM" (2015),
/// from Xamarin Forms: an action and whether it may run. `enabled` is held
/// weakly, as in the article: the view model that owns both keeps it alive,
/// and a command outliving it simply runs. `execute(value:sender:)` does
/// nothing while `enabled` is false.
public final class Command<T> {
    public typealias CommandType = (_ value: T, _ sender: AnyObject?) -> Void

    public weak var enabled: Dynamic<Bool>?
    private let command: CommandType
    /// Where the playground watches the executions; nil, it watches nothing.
    var trace: CommandTrace<T>?

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
        var enabled = true
        if let en = self.enabled?.value { enabled = en }
        // Watched, the execution is traced, a refused one too.
        trace?.executed(value, sender: sender, enabled: enabled)
        if enabled { command(value, sender) }
    }
}

extension Command where T == Void {
    public func execute() { execute(value: ()) }
}

/// A control that runs a command (the article's `Commander`).
public protocol Commander {
    associatedtype CommandType
    func setCommand(_ command: Command<CommandType>)
}

/// The article's `UIButtonPropertyKeyCommand`.
private let buttonCommandKey = AssociationKey<Command<Void>>("command")

extension Button: Commander {
    public typealias CommandType = Void

    /// Stores `command` on the button without retaining it (the article's
    /// `OBJC_ASSOCIATION_ASSIGN`; here a zeroing weak reference, so a tap after
    /// the command died does nothing instead of touching freed memory), makes
    /// the button follow `command.enabled` and run the command when tapped.
    ///
    /// A second command on one button is a programming error: the article's
    /// `fatalError`.
    public func setCommand(_ command: Command<Void>) {
        if getAssociatedObject(self, buttonCommandKey) != nil {
            fatalError("Multiple assignment to command")
        }
        setAssociatedObject(self, buttonCommandKey, command, .assign)
        command.enabled?.bind { [weak self] in self?.isEnabled = $0 }
        onTap = { [weak self] in self?.buttonTapped() }
    }

    /// The article's `buttonTapped(_:)` target action.
    private func buttonTapped() {
        getAssociatedObject(self, buttonCommandKey)?.execute(value: (), sender: self)
    }
}
