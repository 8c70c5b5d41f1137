public import BindingKit

/// What the user does on a screen; the shell's screen commands.
public enum UserAction: Equatable, Sendable {
    /// A swipe on a list.
    public enum Scroll: Equatable, Sendable {
        /// A page further down (the finger moves up the screen).
        case down
        /// A page back up.
        case up
        /// Row N at the top, or as near the top as the rows allow.
        case to(row: Int)
    }

    public enum Orders: Equatable, Sendable {
        /// Open the orders list (it loads), or pull it to refresh.
        case load
        case select(row: Int)
        case rename(row: Int, name: String)
        case remove(row: Int)
        /// Type into the details screen's name field: the order's new name.
        case name(String)
        case scroll(Scroll)
    }

    public enum Movies: Equatable, Sendable {
        /// Type the query into the search field and press Search, in one step.
        case search(String)
        /// Type into the search field (replacing what it shows).
        case type(String)
        /// Press Search with what the field shows.
        case submit
        /// Tap "Load more": the next page.
        case more
        case select(row: Int)
        case cancel
        /// Tap the search field: the recent queries; with a row, pick one.
        case recent(row: Int?)
        /// Swipe the results; reaching the last row asks for the next page.
        case scroll(Scroll)
    }

    case orders(Orders)
    case movies(Movies)
    /// The navigation bar's back button.
    case back
}

/// Why an action could not be done; shown to the user as one line.
public struct ActionError: Error, Equatable, Sendable {
    public let message: String

    public init(_ message: String) {
        self.message = message
    }
}

/// A simulated phone running one backend's app: a tab per screen, each with
/// its navigation stack, and the user's finger. Actions go to widgets, never
/// to view models: what happens next is the backend's glue.
public final class Device {
    public enum Tab: String, Sendable, CaseIterable {
        case orders, movies
    }

    /// The sandbox the app runs in: every action runs there.
    public let world: Sandbox
    public private(set) var activeTab: Tab = .orders
    private var navigators: [Tab: Navigator] = [:]

    public init(world: Sandbox) {
        self.world = world
    }

    public var backend: any BindingBackend { world.backend }

    /// The screen the user sees now; nil before anything was opened.
    public var visibleScreen: (any Screen)? { navigators[activeTab]?.top }

    /// The navigation stack of `tab`, if it was opened.
    public func navigator(_ tab: Tab) -> Navigator? { navigators[tab] }

    /// Housekeeping once the clock has settled: every list on the open
    /// screens keeps its rows compact (`ListWidget.compactRows()`). The
    /// shell calls it at the end of each command that ran to the end; one
    /// cut short by Ctrl-C leaves it to the next.
    ///
    /// - Parameter stop: asked as it goes (a Ctrl-C that comes meanwhile):
    ///   what is left is left to the next call.
    /// - Complexity: O(n) for a list reloaded with n rows since the last
    ///   call; O(widgets) otherwise.
    public func tidy(unless stop: () -> Bool = { false }) {
        func compact(_ widgets: [any Widget]) {
            for widget in widgets {
                if let list = widget as? ListWidget { list.compactRows(unless: stop) }
                if let stack = widget as? Stack { compact(stack.children) }
            }
        }
        for tab in Tab.allCases {
            for screen in navigators[tab]?.screens ?? [] { compact(screen.widgets) }
        }
    }

    /// Drops the views of `tab` (or of every tab): the window lets go of them.
    public func releaseViews(of tab: Tab? = nil) {
        world.survey()  // what is let go has been counted, so that what stays shows
        for (key, navigator) in navigators where tab == nil || key == tab {
            navigator.removeAll()
            navigators[key] = nil
        }
    }

    /// Opens the tab `action` is done on when it is not open yet, and says
    /// whether the action must wait for it: true when the tab was opened
    /// only now and the action needs the rows its first load brings (the
    /// orders list loads as it opens, as the article's view controller does
    /// in `viewDidLoad`). The stage then runs the clock before the action,
    /// so that `orders select 3` on a fresh start taps a row that is there.
    public func openFirst(for action: UserAction) -> Bool {
        guard case .orders(let orders) = action, navigators[.orders] == nil else { return false }
        switch orders {
        case .select, .rename, .remove, .scroll:
            world.run { _ = open(.orders) }
            return true
        case .load, .name:
            return false
        }
    }

    /// Performs `action` on the app, as the user would.
    ///
    /// A presented alert is dismissed first (the user taps OK).
    public func perform(_ action: UserAction) throws(ActionError) {
        try world.run { () throws(ActionError) in try performHere(action) }
    }

    private func performHere(_ action: UserAction) throws(ActionError) {
        switch action {
        case .back:
            guard let navigator = navigators[activeTab], navigator.pop() else {
                throw ActionError("nothing to go back to: this is the first screen")
            }
        case .orders(let orders):
            try perform(orders)
        case .movies(let movies):
            try perform(movies)
        }
    }

    private func perform(_ action: UserAction.Orders) throws(ActionError) {
        let (navigator, opened) = open(.orders)
        dismissAlert(on: navigator.top)
        switch action {
        case .load:
            guard !opened else { return }  // opening it loaded it
            navigator.popToRoot()
            try list(on: navigator.top, "list").pullToRefresh()
        case .select(let row):
            try reached(row, of: list(on: navigator.top, "list")).select(row)
        case .rename(let row, let name):
            try reached(row, of: list(on: navigator.top, "list")).edit(row, text: name)
        case .remove(let row):
            try reached(row, of: list(on: navigator.top, "list")).swipeToDelete(row)
        case .scroll(let scroll):
            try self.scroll(list(on: navigator.top, "list"), scroll)
        case .name(let name):
            guard let field = navigator.top?.widget(TextField.self, named: "name") else {
                let screen = navigator.top?.title.text ?? "none"
                throw ActionError("no name field on this screen (\(screen)); try: orders select N")
            }
            field.type(name)
        }
    }

    private func perform(_ action: UserAction.Movies) throws(ActionError) {
        let (navigator, _) = open(.movies)
        let screen = navigator.top
        dismissAlert(on: screen)
        switch action {
        case .search(let query):
            try searchField(on: screen).submit(query)
        case .type(let text):
            try searchField(on: screen).type(text)
        case .submit:
            let field = try searchField(on: screen)
            field.submit()
            // The app ignores an empty query (the article's view model does): say so, rather than nothing.
            guard !field.text.isEmpty else {
                throw ActionError("nothing is typed in the search field to search for; try: movies search QUERY")
            }
        case .cancel:
            try searchField(on: screen).cancel()
        case .more:
            let button = try loadMoreButton(on: screen)
            // What the tap asks for is shown when it arrives.
            screen?.widget(ListWidget.self, named: "list")?.revealRowsAddedNext()
            button.tap()
        case .select(let row):
            try reached(row, of: list(on: screen, "list")).select(row)
        case .scroll(let scroll):
            try self.scroll(list(on: screen, "list"), scroll)
        case .recent(nil):
            try searchField(on: screen).beginEditing()
        case .recent(let row?):
            guard let suggestions = screen?.widget(ListWidget.self, named: "suggestions") else {
                throw ActionError("the recent queries are not shown; try: movies recent")
            }
            try reached(row, of: suggestions).select(row)
        }
    }

    /// The tab's navigator, making its root screen on first use.
    private func open(_ tab: Tab) -> (Navigator, opened: Bool) {
        activeTab = tab
        if let navigator = navigators[tab] { return (navigator, false) }
        let navigator = Navigator()
        navigators[tab] = navigator
        world.addRoot(navigator)
        let root =
            switch tab {
            case .orders: backend.makeOrdersScreen(in: world, navigator: navigator)
            case .movies: backend.makeMoviesScreen(in: world, navigator: navigator)
            }
        navigator.push(root)
        return (navigator, true)
    }

    private func dismissAlert(on screen: (any Screen)?) {
        if let alert = screen?.widget(Alert.self), alert.isPresented {
            alert.dismiss()
        }
    }

    private func list(on screen: (any Screen)?, _ name: String) throws(ActionError) -> ListWidget {
        guard let screen, let list = screen.widget(ListWidget.self, named: name) else {
            throw ActionError("no list on this screen (\(screen?.title.text ?? "none")); try: back")
        }
        return list
    }

    private func checked(_ row: Int, of list: ListWidget) throws(ActionError) -> ListWidget {
        guard !list.isEmpty else {
            throw ActionError(isLoading ? Self.stillLoading : "the list is empty: nothing to pick")
        }
        guard (0..<list.count).contains(row) else {
            throw ActionError("no row \(row): the list has rows 0…\(list.count - 1)")
        }
        return list
    }

    /// The "Load more" button, if it can be tapped.
    private func loadMoreButton(on screen: (any Screen)?) throws(ActionError) -> Button {
        guard let screen, let button = screen.widget(Button.self, named: "loadMore") else {
            throw ActionError("no Load more button on this screen (\(screen?.title.text ?? "none")); try: back")
        }
        guard !button.isHidden else {
            throw ActionError("no results to load more of; try: movies search QUERY")
        }
        guard button.isEnabled else {
            throw ActionError("the Load more button is disabled: the last page is shown, or a page is loading")
        }
        return button
    }

    /// The list, once row `row` is in view: a finger reaches a row by
    /// scrolling to it before it taps or swipes it.
    private func reached(_ row: Int, of list: ListWidget) throws(ActionError) -> ListWidget {
        try checked(row, of: list).scrollToRow(row)
        return list
    }

    /// Whether the visible screen shows its spinner: what it lists is still to come.
    private var isLoading: Bool {
        visibleScreen?.widget(Spinner.self)?.isAnimating ?? false
    }

    static let stillLoading = "the list is still loading: no rows yet (:wait lets its answer arrive)"

    private func scroll(_ list: ListWidget, _ scroll: UserAction.Scroll) throws(ActionError) {
        guard !list.isEmpty else {
            throw ActionError(isLoading ? Self.stillLoading : "the list is empty: nothing to scroll")
        }
        switch scroll {
        case .down: list.scroll(by: ListWidget.visibleRows)
        case .up: list.scroll(by: -ListWidget.visibleRows)
        case .to(let row): try checked(row, of: list).scroll(by: row - list.firstVisibleRow)
        }
    }

    private func searchField(on screen: (any Screen)?) throws(ActionError) -> SearchField {
        guard let screen, let field = screen.widget(SearchField.self) else {
            throw ActionError("no search field on this screen (\(screen?.title.text ?? "none")); try: back")
        }
        return field
    }
}
