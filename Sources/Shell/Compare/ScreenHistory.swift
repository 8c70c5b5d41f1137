import BindingKit
import Playground

/// What one lane showed during an action: each screen it drew, with its
/// virtual time, as the shell shows them (the last screen of each instant).
/// `:compare` sets one lane's beside the first lane's, so that a spinner
/// one approach never shows, or a screen another draws later, counts as a
/// difference even when the last screens are alike.
struct ScreenHistory: Equatable {
    struct Shown: Equatable {
        let time: Int
        let lines: [String]
    }

    let screens: [Shown]

    /// The screens of `settled`'s frames, the last of each instant.
    init(_ settled: Stage.Settled) {
        var screens: [Shown] = []
        for frame in settled.frames {
            guard let lines = frame.screen else { continue }
            if screens.last?.time == frame.time { screens.removeLast() }
            screens.append(Shown(time: frame.time, lines: lines))
        }
        self.screens = screens
    }

    init(screens: [Shown]) {
        self.screens = screens
    }

    /// What differs from `base` (the first backend's, called `name`), in
    /// one line, or nil when every screen is the same at the same time.
    ///
    /// The screens are paired by content (a longest common subsequence), so
    /// that one screen missing (`never shows delegate's screen at 0 ms`) is
    /// told apart from one drawn differently (`at 1000 ms, line 3: …`) or
    /// drawn at another time.
    ///
    /// - Complexity: O(m·n) for m and n screens (a few per action).
    func difference(from base: ScreenHistory, named name: String) -> String? {
        guard self != base else { return nil }
        let (mine, theirs) = (screens, base.screens)
        let pairs = LineDiff.commonPairs(theirs.count, mine.count) { theirs[$0].lines == mine[$1].lines }
        var (i, j) = (0, 0)
        for pair in pairs + [(theirs.count, mine.count)] {
            switch (i < pair.0, j < pair.1) {
            case (true, true):
                return Self.changed(mine[j], theirs[i], name: name)
            case (true, false):
                return "never shows \(name)'s screen at \(theirs[i].time) ms"
                    + Self.quoting(Self.telling(theirs[i].lines, against: mine.map(\.lines)))
            case (false, true):
                return "shows a screen \(name) never shows, at \(mine[j].time) ms"
                    + Self.quoting(Self.telling(mine[j].lines, against: theirs.map(\.lines)))
            case (false, false):
                break
            }
            guard pair.0 < theirs.count else { break }
            if theirs[pair.0].time != mine[pair.1].time {
                return "the same screen at \(mine[pair.1].time) ms where \(name) shows it at \(theirs[pair.0].time) ms"
            }
            (i, j) = (pair.0 + 1, pair.1 + 1)
        }
        return nil
    }

    /// A screen drawn differently: the first line that differs.
    private static func changed(_ mine: Shown, _ theirs: Shown, name: String) -> String {
        let time = mine.time == theirs.time ? "" : " (\(name)'s at \(theirs.time) ms)"
        let count = max(mine.lines.count, theirs.lines.count)
        guard let line = (0..<count).first(where: { mine.lines[safe: $0] != theirs.lines[safe: $0] }) else {
            return "another screen at \(mine.time) ms\(time)"
        }
        let shown = mine.lines[safe: line].map(content) ?? "nothing"
        let expected = theirs.lines[safe: line].map(content) ?? "nothing"
        return "at \(mine.time) ms\(time): \(quoted(shown)) where \(name) shows \(quoted(expected))"
    }

    /// The line of `screen` that best tells it from `others`: its first
    /// content line (inside the frame) that none of them has, else its first
    /// line that none has.
    private static func telling(_ screen: [String], against others: [[String]]) -> String? {
        let seen = Set(others.joined())
        let unseen = screen.filter { !seen.contains($0) }
        return (unseen.first { $0.hasPrefix("│") } ?? unseen.first).map(content)
    }

    private static func quoting(_ line: String?) -> String {
        line.map { " (\(quoted($0)))" } ?? ""
    }

    /// A screen's line without its frame and padding: `⟳ Loading…`.
    private static func content(_ line: String) -> String {
        var text = Substring(line)
        if text.first == "│" { text = text.dropFirst() }
        if text.last == "│" { text = text.dropLast() }
        return String(text).trimmingBlanks
    }

    private static func quoted(_ text: String) -> String { "'\(text.fitted(to: 40))'" }
}

extension Array {
    fileprivate subscript(safe index: Int) -> Element? {
        indices.contains(index) ? self[index] : nil
    }
}
