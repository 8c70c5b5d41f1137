public import BindingKit
public import Playground
public import PlaygroundTestSupport

/// One thing a task checks by running a backend: a named procedure on fresh
/// worlds that passes, or fails at its first unmet expectation.
///
/// The conformance suite runs the checks it shares with the kit from here
/// (`OrdersChecks`, `MoviesChecks`, `TraitChecks`), on every backend, so a
/// check is written once.
public struct Check: Sendable {
    /// A stable name, for `--json` and the tests: `orders.load`.
    public let id: String
    /// What it checks, in a line the attendee reads.
    public let summary: String
    private let body: @Sendable (any BindingBackend) throws(CheckFailure) -> Void

    public init(
        _ id: String, _ summary: String, body: @escaping @Sendable (any BindingBackend) throws(CheckFailure) -> Void
    ) {
        self.id = id
        self.summary = summary
        self.body = body
    }

    /// Runs the check on fresh worlds of `backend`: nil when it passes, else its first failure.
    public func run(on backend: any BindingBackend) -> CheckFailure? {
        do {
            try body(backend)
            return nil
        } catch {
            return error
        }
    }
}

/// The first expectation a check found unmet, in the words its report uses.
public struct CheckFailure: Error, Equatable, Sendable {
    /// What should have been, in words: "the list shows the 100 orders".
    public var expectation: String
    /// What the check did before it looked, as a session writes it
    /// (`orders load`, `:wait 1000`); empty for a check that ran an experiment.
    public var steps: [String]
    /// The screen expected and the screen shown, when a screen is what differs.
    public var expected: [String]?
    public var actual: [String]?
    /// What was found instead, in words, when it is not a screen: "0 rows".
    public var found: String?

    public init(
        _ expectation: String, steps: [String] = [], expected: [String]? = nil, actual: [String]? = nil,
        found: String? = nil
    ) {
        self.expectation = expectation
        self.steps = steps
        self.expected = expected
        self.actual = actual
        self.found = found
    }

    /// The failure in one line, for `--json` and the tests.
    public var message: String {
        var text = expectation
        if !steps.isEmpty { text += " (after " + steps.map { "`\($0)`" }.joined(separator: ", ") + ")" }
        if let found { text += "; found: \(found)" }
        if let expected, let actual, expected != actual {
            let first =
                zip(expected, actual).enumerated().first { $0.element.0 != $0.element.1 }?.offset
                ?? min(expected.count, actual.count)
            let want = first < expected.count ? "\"\(expected[first])\"" : "nothing"
            let got = first < actual.count ? "\"\(actual[first])\"" : "nothing"
            text += "; line \(first + 1): expected \(want), shown \(got)"
        }
        return text
    }
}

/// A backend's app on a simulated device (the suite's `TestApp`), with the
/// steps done so far written as a session would write them, so that a
/// failure says what led to it.
public final class CheckRun {
    public let app: TestApp
    public private(set) var steps: [String] = []

    public init(_ backend: any BindingBackend) {
        app = TestApp(backend: backend)
    }

    /// Does `action` as the user would (and the turns due at this instant).
    ///
    /// - Throws: a failure saying the action was refused, when the screen
    ///   could not take it (no row 3, nothing to go back to).
    public func perform(_ action: UserAction) throws(CheckFailure) {
        let words = Self.words(action)
        steps.append(words)
        do {
            try app.perform(action)
        } catch {
            throw failure("`\(words)` can be done", found: "it was refused: \(error.message)")
        }
    }

    /// Does `action` expecting the screen to refuse it, as the user would see.
    public func performRefused(_ action: UserAction, _ expectation: String) throws(CheckFailure) {
        let words = Self.words(action)
        steps.append(words)
        do {
            try app.perform(action)
        } catch {
            return
        }
        throw failure(expectation, found: "`\(words)` was done")
    }

    /// Lets `milliseconds` of virtual time pass (`:wait N`).
    public func wait(_ milliseconds: Int) {
        steps.append(":wait \(milliseconds)")
        app.wait(milliseconds)
    }

    /// Runs the clock until nothing is queued (`:wait`).
    public func drain() {
        if steps.last != ":wait" { steps.append(":wait") }
        app.drain()
    }

    /// A step done outside the session's words (a finger on the list), said as it is.
    public func note(_ step: String) {
        steps.append(step)
    }

    // MARK: Expectations

    /// Fails with `expectation` unless `condition`.
    public func expect(_ condition: Bool, _ expectation: String, found: @autoclosure () -> String? = nil)
        throws(CheckFailure)
    {
        guard !condition else { return }
        throw failure(expectation, found: found())
    }

    /// Fails unless `actual == expected`, saying what was found.
    public func expect<Value: Equatable>(_ actual: Value, equals expected: Value, _ expectation: String)
        throws(CheckFailure)
    {
        guard actual != expected else { return }
        throw failure(expectation, found: Self.describe(actual))
    }

    /// Fails unless the visible screen's lines inside its frame are `expected`;
    /// the failure shows both in the screen's frame.
    public func expectLines(_ expected: [String], _ expectation: String) throws(CheckFailure) {
        guard app.lines != expected else { return }
        let screen = app.screen
        guard let top = screen.first, let bottom = screen.last, screen.count >= 2 else {
            throw CheckFailure(expectation, steps: steps, expected: expected, actual: app.lines)
        }
        let inner = max(0, top.displayWidth - 4)
        let framed = [top] + expected.map { "│ " + $0.padded(to: inner) + " │" } + [bottom]
        throw CheckFailure(expectation, steps: steps, expected: framed, actual: screen)
    }

    /// Fails unless the visible screen, frame and title included, is `expected`.
    public func expectScreen(_ expected: [String], _ expectation: String) throws(CheckFailure) {
        guard app.screen != expected else { return }
        throw CheckFailure(expectation, steps: steps, expected: expected, actual: app.screen)
    }

    /// What the visible screen shows, in a line: "the screen shows ⟳ Loading… / ⌕ alien", or that it is empty.
    public var shownLines: String {
        let lines = app.lines.filter { !$0.isEmpty }
        return lines.isEmpty ? "the screen is empty" : "the screen shows " + lines.prefix(6).joined(separator: " / ")
    }

    /// The failure `expectation` after the steps so far.
    public func failure(_ expectation: String, found: String? = nil) -> CheckFailure {
        CheckFailure(expectation, steps: steps, found: found)
    }

    /// The list `name`'s rows, failing when the visible screen has no such list.
    public func rows(_ name: String = "list") throws(CheckFailure) -> [String] {
        guard let rows = app.rows(name) else {
            throw failure("the screen shows a list called \(name)", found: "the screen \"\(app.title ?? "")\" has none")
        }
        return rows
    }

    // MARK: Words

    /// `action` as it is typed at the prompt.
    public static func words(_ action: UserAction) -> String {
        switch action {
        case .orders(let orders):
            switch orders {
            case .load: "orders load"
            case .select(let row): "orders select \(row)"
            case .rename(let row, let name): "orders rename \(row) \(quoted(name))"
            case .remove(let row): "orders remove \(row)"
            case .name(let name): "orders name \(quoted(name))"
            case .scroll(let scroll): "orders scroll \(words(scroll))"
            }
        case .movies(let movies):
            switch movies {
            case .search(let query): "movies search \(quoted(query))"
            case .type(let text): "movies type \(quoted(text))"
            case .submit: "movies submit"
            case .more: "movies more"
            case .select(let row): "movies select \(row)"
            case .cancel: "movies cancel"
            case .recent(let row): "movies recent" + (row.map { " \($0)" } ?? "")
            case .scroll(let scroll): "movies scroll \(words(scroll))"
            }
        case .back: "back"
        }
    }

    private static func words(_ scroll: UserAction.Scroll) -> String {
        switch scroll {
        case .down: "down"
        case .up: "up"
        case .to(let row): "to \(row)"
        }
    }

    private static func quoted(_ text: String) -> String {
        text.isEmpty || text.contains(" ") ? "\"\(text)\"" : text
    }

    private static func describe<Value>(_ value: Value) -> String {
        if let optional = value as? any OptionalDescribing { return optional.describedUnwrapped }
        if let text = value as? String { return "\"\(text)\"" }
        if let texts = value as? [String] {
            return texts.isEmpty
                ? "none"
                : texts.prefix(12).map { "\"\($0)\"" }.joined(separator: ", ")
                    + (texts.count > 12 ? ", … (\(texts.count) in all)" : "")
        }
        return "\(value)"
    }
}

/// An optional said as its value, or "nothing".
private protocol OptionalDescribing {
    var describedUnwrapped: String { get }
}

extension Optional: OptionalDescribing {
    fileprivate var describedUnwrapped: String {
        switch self {
        case .some(let value as String): "\"\(value)\""
        case .some(let value): "\(value)"
        case .none: "nothing"
        }
    }
}
