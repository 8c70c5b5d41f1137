/// Whether output matches what a session expects: `[..]` within a line,
/// `...` across lines.
enum SessionMatcher {
    /// Matches any text within one line.
    static let anyText = "[..]"

    /// Whether `line` matches `pattern`, where `[..]` stands for any text.
    ///
    /// - Complexity: O(n·k) for a line of n characters and k wildcards.
    static func matches(_ pattern: String, _ line: String) -> Bool {
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
    /// - Complexity: O(m·n) for m patterns and n lines.
    static func matches(_ patterns: [Session.Pattern], _ lines: [String]) -> Bool {
        if !patterns.contains(.anyLines) {
            guard patterns.count == lines.count else { return false }
            return zip(patterns, lines).allSatisfy { pattern, line in
                if case .text(let text) = pattern { matches(text, line) } else { true }
            }
        }
        // reachable[j]: the patterns so far can match the first j lines.
        var reachable = [Bool](repeating: false, count: lines.count + 1)
        reachable[0] = true
        for pattern in patterns {
            var next = [Bool](repeating: false, count: lines.count + 1)
            switch pattern {
            case .anyLines:
                var seen = false
                for j in 0...lines.count {
                    seen = seen || reachable[j]
                    next[j] = seen
                }
            case .text(let text):
                for j in 0..<lines.count where reachable[j] && matches(text, lines[j]) {
                    next[j + 1] = true
                }
            }
            reachable = next
        }
        return reachable[lines.count]
    }
}

extension Session.Block {
    /// The patterns `backend` is expected to print.
    func patterns(for backend: String) -> [Session.Pattern] {
        expected.filter { $0.applies(to: backend) }.map(\.pattern)
    }

    /// Whether `output` is what `backend` is expected to print here.
    func matches(_ output: [String], for backend: String) -> Bool {
        SessionMatcher.matches(patterns(for: backend), output)
    }
}
