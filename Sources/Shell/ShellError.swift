/// A problem the user can fix, with the words to show and the exit status a
/// script ends with.
public enum ShellError: Error, Equatable, Sendable {
    /// Bad words: an unknown command, wrong arguments. Exit status 2.
    case usage(String)
    /// The command could not be done (no such row, nothing to go back to). Exit status 2.
    case failed(String)
    /// One argument in the wrong form (a row that is no number): the command
    /// that was given it turns it into a `usage` naming its form
    /// (`Command.perform`). Exit status 2.
    case argument(String)

    public var message: String {
        switch self {
        case .usage(let text), .failed(let text), .argument(let text): text
        }
    }
}

/// The "did you mean" of an unknown word.
enum Suggestion {
    /// The candidate closest to `word` by edit distance, if it is close enough
    /// to be a plausible typo (or `word` is a prefix of it).
    static func nearest(to word: String, in candidates: [String]) -> String? {
        let word = word.lowercased()
        guard !word.isEmpty else { return nil }
        if let prefixed = candidates.first(where: { $0.hasPrefix(word) }) { return prefixed }
        let scored = candidates.map { ($0, distance(word, $0)) }
        guard let best = scored.min(by: { $0.1 < $1.1 }) else { return nil }
        return best.1 <= max(2, best.0.count / 3) ? best.0 : nil
    }

    /// Levenshtein distance.
    ///
    /// - Complexity: O(n·m).
    static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a.prefix(64))
        let b = Array(b.prefix(64))
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        for i in 1...a.count {
            var current = [i] + Array(repeating: 0, count: b.count)
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
            }
            previous = current
        }
        return previous[b.count]
    }
}
