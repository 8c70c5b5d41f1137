/// What a session expects of a command timed on the wall clock (`:bench`):
/// its lines with every figure a pattern, never the figure itself, so that
/// `check --update` and `:record` write what passes again on the next run,
/// and on another machine.
///
/// A line keeps its words up to its first "measured" word — a figure (any
/// word with a digit: `20.3`, `1,000`, `68%`, the load averages), a unit
/// (`ns`, `µs`, `ms`, `s`), the marks that depend on the figures (`~`,
/// `noisy`, the growth `flat`, `linear`, `worse`), the build (`debug`,
/// `release`), a table's rule (`|---------:|`) — and a table's padding (a
/// column is as wide as its widest figure) as `[..]`; from that word on, the
/// line is `[..]`: what follows a figure (a note "within the spread", a
/// ranking's order and reasons, the overhead line's comparison) is read off
/// the figures, which change from run to run. So
/// `| direct call | — | ~20.3 ns |   1.0 | 68% noisy |` is expected as
/// `|[..]direct call[..]|[..]—[..]|[..]`.
enum Timings {
    /// A session's pattern for any text within a line (`SessionMatcher`'s).
    static let anyText = "[..]"

    /// Words that stand for a measurement, or follow from one.
    static let measuredWords: Set<Substring> = [
        "ns", "µs", "us", "ms", "s", "~", "noisy", "flat", "linear", "worse", "debug", "release",
    ]

    /// `line` as a session expects it when it comes from a timed command.
    ///
    /// - Complexity: O(n) in the length of the line.
    static func pattern(of line: String) -> String {
        // Words and the blanks between them, in order.
        var tokens: [(text: Substring, blank: Bool)] = []
        var start = line.startIndex
        while start < line.endIndex {
            let blank = line[start] == " "
            let end = line[start...].firstIndex { ($0 == " ") != blank } ?? line.endIndex
            tokens.append((line[start..<end], blank))
            start = end
        }
        var measured = tokens.map { !$0.blank && isMeasured($0.text) }
        // From the first figure on, the rest of the line follows from the figures.
        if let first = measured.firstIndex(of: true) {
            for index in first..<tokens.endIndex { measured[index] = true }
        }
        // A column's padding is as wide as its widest figure: blanks of two or
        // more, and blanks beside a figure or a column's `|`, are the figure's too.
        func padding(_ index: Int) -> Bool {
            tokens.indices.contains(index) && (measured[index] || tokens[index].text == "|")
        }
        for index in tokens.indices where tokens[index].blank {
            if tokens[index].text.count > 1 || padding(index - 1) || padding(index + 1) { measured[index] = true }
        }
        var pattern = ""
        for index in tokens.indices {
            if measured[index] {
                if !pattern.hasSuffix(anyText) { pattern += anyText }
            } else {
                pattern += tokens[index].text
            }
        }
        return pattern
    }

    /// Whether a word is a measurement or follows from one.
    private static func isMeasured(_ word: Substring) -> Bool {
        if word.contains(where: \.isNumber) { return true }
        let bare = word.trimmingCharacters(in: "(),;:")
        if measuredWords.contains(bare) { return true }
        // A table's rule: `|----------:|`.
        return word.count >= 3 && word.allSatisfy { "-:|".contains($0) } && word.contains("-")
    }
}

extension Substring {
    /// Without the characters of `set` at either end.
    fileprivate func trimmingCharacters(in set: String) -> Substring {
        var text = self
        while let first = text.first, set.contains(first) { text.removeFirst() }
        while let last = text.last, set.contains(last) { text.removeLast() }
        return text
    }
}
