/// What a Tab press does to the line, worked out without a terminal so it can
/// be tested on its own.
enum CompletionAction: Equatable {
    /// Deletes `replacing` characters (Unicode scalars, libedit's unit) before
    /// the cursor, then inserts `text`.
    case insert(String, replacing: Int)
    /// Nothing more can be inserted: show these candidates.
    case list([String])
    /// No candidate at all.
    case beep
}

enum Completion {
    /// The word the cursor is at the end of: the text after the last blank.
    static func lastWord(of line: String) -> Substring {
        guard let blank = line.lastIndex(where: { $0 == " " || $0 == "\t" }) else {
            return line[...]
        }
        return line[line.index(after: blank)...]
    }

    /// Decides what Tab does after `line` (the text before the cursor) given
    /// the provider's `candidates` for its last word.
    ///
    /// One candidate is inserted whole and followed by a space, except after a
    /// directory (`/`) where the user will go on typing. Several insert what
    /// they share; when they share nothing beyond what is typed, they are
    /// listed. A provider may match loosely (say, ignoring case): a candidate
    /// that does not start with the typed word replaces it, but a shared prefix
    /// never replaces it with something shorter.
    static func action(line: String, candidates: [String]) -> CompletionAction {
        var seen = Set<String>()
        let words = candidates.filter { !$0.isEmpty && seen.insert($0).inserted }
        guard let first = words.first else { return .beep }
        let typed = String(lastWord(of: line))

        if words.count == 1 {
            let ending = first.hasSuffix("/") ? "" : " "
            return replacement(of: typed, by: first + ending)
        }
        let shared = commonPrefix(of: words)
        if shared.hasPrefix(typed) {
            return shared.count > typed.count ? replacement(of: typed, by: shared) : .list(words)
        }
        let loosely = shared.lowercased().hasPrefix(typed.lowercased())
        return loosely && shared.count >= typed.count
            ? replacement(of: typed, by: shared) : .list(words)
    }

    /// Inserts only the missing tail when `word` extends `typed`, so the text
    /// the user typed is left alone; otherwise swaps the whole word.
    private static func replacement(of typed: String, by word: String) -> CompletionAction {
        if word.hasPrefix(typed) {
            return .insert(String(word.dropFirst(typed.count)), replacing: 0)
        }
        return .insert(word, replacing: typed.unicodeScalars.count)
    }

    /// The longest run of characters every word starts with.
    ///
    /// - Complexity: O(total length of `words`).
    static func commonPrefix(of words: [String]) -> String {
        guard var prefix = words.first.map({ Substring($0) }) else { return "" }
        for word in words.dropFirst() {
            var end = prefix.startIndex
            var other = word.startIndex
            while end < prefix.endIndex, other < word.endIndex, prefix[end] == word[other] {
                end = prefix.index(after: end)
                other = word.index(after: other)
            }
            prefix = prefix[..<end]
        }
        return String(prefix)
    }

    /// Lays `words` out in columns down then across, as `ls` does, within
    /// `width` characters; past `limit` words the rest are counted, not shown.
    ///
    /// - Complexity: O(number of words shown).
    static func columns(_ words: [String], width: Int, limit: Int = 200) -> [String] {
        let shown = Array(words.prefix(limit))
        guard !shown.isEmpty else { return [] }
        let widest = shown.map(\.count).max() ?? 0
        let columnWidth = widest + 2
        let columnCount = max(1, min(shown.count, (max(width, 1) + 2) / columnWidth))
        let rowCount = (shown.count + columnCount - 1) / columnCount
        var rows: [String] = []
        for row in 0..<rowCount {
            var text = ""
            for column in 0..<columnCount {
                let index = column * rowCount + row
                guard index < shown.count else { break }
                let word = shown[index]
                text += word
                text += String(repeating: " ", count: columnWidth - word.count)
            }
            while text.last == " " { text.removeLast() }
            rows.append(text)
        }
        if words.count > shown.count {
            rows.append("(\(words.count - shown.count) more)")
        }
        return rows
    }
}
