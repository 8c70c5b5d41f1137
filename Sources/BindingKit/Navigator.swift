/// A navigation stack (UINavigationController): holds its screens strongly.
public final class Navigator {
    public private(set) var screens: [any Screen] = []

    public init() {}

    /// The screen on top, the one the user sees.
    public var top: (any Screen)? { screens.last }

    /// Shows `screen` on top and calls its `viewDidLoad`.
    public func push(_ screen: any Screen) {
        screens.append(screen)
        World.current?.willShow(screen)
        screen.viewDidLoad()
    }

    /// Goes back one screen; the root stays.
    /// - Returns: whether there was a screen to go back from.
    @discardableResult
    public func pop() -> Bool {
        guard screens.count > 1 else { return false }
        screens.removeLast()
        return true
    }

    /// Goes back to the root screen.
    public func popToRoot() {
        screens.removeSubrange(min(1, screens.count)...)
    }

    /// Drops every screen: the views go.
    public func removeAll() {
        screens.removeAll()
    }
}
