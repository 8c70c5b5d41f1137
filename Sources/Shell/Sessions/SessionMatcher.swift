/// Whether output matches what a session expects: `[..]` within a line,
/// `...` across lines.
package enum SessionMatcher {
    /// Matches any text within one line.
    package static let anyText = "[..]"

    /// Whether `line` matches `pattern`, where `[..]` stands for any text.
    ///
    /// - Complexity: O(n·k) for a line of n characters and k wildcards.
    static func matches(_ pattern: String, _ line: String) -> Bool {
        // Most expected lines have no wildcard: a byte comparison, without
        // splitting.
        guard pattern.utf8.contains(UInt8(ascii: "[")), pattern.contains(anyText) else { return pattern == line }
        let parts = pattern.split(separator: anyText, omittingEmptySubsequences: false)
        guard parts.count > 1, let first = parts.first, let last = parts.last else { return pattern == line }
        var rest = Substring(line)
        guard rest.hasPrefix(first) else { return false }
        rest = rest.dropFirst(first.count)
        guard rest.count >= last.count, rest.hasSuffix(last) else { return false }
        rest = rest.dropLast(last.count)
        // Taking each middle piece as early as possible leaves the most room for the rest.
        for middle in parts.dropFirst().dropLast() where !middle.isEmpty {
            guard let found = rest.firstRange(of: middle) else { return false }
            rest = rest[found.upperBound...]
        }
        return true
    }

    /// Whether `lines` match `patterns`, where `...` matches any number of lines.
    ///
    /// The `...` split the patterns into runs of one-line patterns. The first
    /// run must match the first lines and the last run the last lines; each
    /// run between is taken where it first matches, which, as for `[..]`
    /// within a line, leaves the most room for the runs after it.
    ///
    /// - Complexity: O(n·k) for n lines and runs of at most k patterns; O(n)
    ///   when every run is one line long.
    static func matches(_ patterns: [Session.Pattern], _ lines: [String]) -> Bool {
        var runs: [ArraySlice<Session.Pattern>] = []
        var runStart = patterns.startIndex
        for index in patterns.indices where patterns[index] == .anyLines {
            runs.append(patterns[runStart..<index])
            runStart = index + 1
        }
        runs.append(patterns[runStart...])
        guard runs.count > 1, let head = runs.first, let tail = runs.last else {
            return patterns.count == lines.count && run(patterns[...], matchesAt: 0, in: lines)
        }
        guard head.count + tail.count <= lines.count, run(head, matchesAt: 0, in: lines),
            run(tail, matchesAt: lines.count - tail.count, in: lines)
        else { return false }
        var next = head.count
        let limit = lines.count - tail.count
        for middle in runs.dropFirst().dropLast() where !middle.isEmpty {
            guard let found = firstMatch(of: middle, in: lines, from: next, before: limit) else { return false }
            next = found + middle.count
        }
        return true
    }

    /// Whether each pattern of `run` matches the line at `start` plus its offset.
    private static func run(_ run: ArraySlice<Session.Pattern>, matchesAt start: Int, in lines: [String]) -> Bool {
        for (offset, pattern) in run.enumerated() {
            if case .text(let text) = pattern, !matches(text, lines[start + offset]) { return false }
        }
        return true
    }

    /// Where `run` first matches whole within `lines[from..<before]`.
    private static func firstMatch(
        of run: ArraySlice<Session.Pattern>, in lines: [String], from: Int, before limit: Int
    ) -> Int? {
        guard limit - from >= run.count else { return nil }
        for start in from...(limit - run.count) where Self.run(run, matchesAt: start, in: lines) {
            return start
        }
        return nil
    }
}

extension Session.Block {
    /// The patterns `backend` is expected to print.
    func patterns(for backend: String) -> [Session.Pattern] {
        expected.filter { $0.applies(to: backend) }.map(\.pattern)
    }

    /// Whether `output` is what `backend` is expected to print here.
    package func matches(_ output: [String], for backend: String) -> Bool {
        SessionMatcher.matches(patterns(for: backend), output)
    }
}
