/// The "did you mean" of an unknown word.
public enum Suggestion {
    /// The candidate closest to `word` by edit distance, if it is close enough
    /// to be a plausible typo (or `word` is a prefix of it).
    public static func nearest(to word: String, in candidates: [String]) -> String? {
        let word = word.lowercased()
        guard !word.isEmpty else { return nil }
        if let prefixed = candidates.first(where: { $0.hasPrefix(word) }) { return prefixed }
        // No distance above the largest a candidate accepts can be the answer:
        // each is counted only up to one more than that (the same answer,
        // without a table for a long word that is nothing like any).
        let most = candidates.reduce(0) { max($0, max(2, $1.count / 3)) }
        let letters = Array(word.prefix(64))
        var best: (candidate: String, distance: Int)?
        for candidate in candidates {
            let distance = distance(letters, candidate, atMost: most)
            if distance < best?.distance ?? .max { best = (candidate, distance) }
        }
        guard let best else { return nil }
        return best.distance <= max(2, best.candidate.count / 3) ? best.candidate : nil
    }

    /// `; did you mean 'WORD'?` for a suggestion, nothing without one.
    public static func hint(_ suggestion: String?) -> String {
        suggestion.map { "; did you mean '\($0)'?" } ?? ""
    }

    /// Levenshtein distance.
    ///
    /// - Complexity: O(n·m).
    public static func distance(_ a: String, _ b: String) -> Int {
        distance(Array(a.prefix(64)), b, atMost: .max)
    }

    /// Levenshtein distance, or `limit + 1` when it is more than `limit`.
    ///
    /// - Complexity: O(n·m), two rows; nothing when the lengths alone differ
    ///   by more than `limit`.
    private static func distance(_ a: [Character], _ word: String, atMost limit: Int) -> Int {
        guard abs(a.count - min(64, word.count)) <= limit else { return limit + 1 }
        let b = Array(word.prefix(64))
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            var smallest = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                smallest = min(smallest, current[j])
            }
            // Every later row is at least this row's smallest.
            if smallest > limit { return limit + 1 }
            swap(&previous, &current)
        }
        return min(previous[b.count], limit == .max ? .max : limit + 1)
    }
}
