import Domain

/// The catalogue laid out for search, built once when the catalogue loads.
///
/// Titles are folded once (see `TitleFolding`) into one contiguous byte
/// buffer, in popularity order: votes descending, then title, then id. A
/// search is then one pass over that buffer: titles that match land in one of
/// three buckets (exact, prefix, word match) already in popularity order, so
/// ranking needs no sort.
///
/// Each title also has a 64-bit mask of its words' first letters; a title
/// lacking the first letter of a query word is passed over with one AND.
struct MovieSearchIndex: Sendable {
    /// How well a title matches a query, best first.
    enum Rank: Int, Sendable {
        /// The folded title is the folded query.
        case exact
        /// The folded title starts with the folded query.
        case prefix
        /// Every query word starts some word of the title.
        case words
    }

    /// The films, in catalogue order.
    let movies: [Movie]
    /// Index into `movies` of the film at each popularity position.
    private let order: [Int32]
    /// Folded titles, in popularity order, back to back.
    private let text: [UInt8]
    /// Where each popularity position's title starts in `text`; one more
    /// entry than films, so title p is `textStarts[p]..<textStarts[p + 1]`.
    private let textStarts: [Int32]
    /// Offsets in `text` of every title word, title after title.
    private let wordStarts: [Int32]
    /// Where each popularity position's words start in `wordStarts`; one more
    /// entry than films.
    private let wordRanges: [Int32]
    /// Each popularity position's mask of word first letters.
    private let masks: [UInt64]
    /// Whether ids ascend with the catalogue order (true for a parsed file),
    /// so that a lookup by id can binary-search.
    private let idsAscend: Bool

    /// Builds the index.
    ///
    /// - Complexity: O(n log n) in the number of films (the popularity sort),
    ///   plus O(m) in the total length of the titles.
    init(movies: [Movie]) {
        self.movies = movies
        // Pulled out once: reading them from `movies` in the loops below
        // would copy whole films.
        let titles = movies.map { $0.title }
        let ids = movies.map { $0.id }
        let votes = movies.map { $0.votes }
        let order = Self.popularityOrder(titles: titles, ids: ids, votes: votes)
        var text: [UInt8] = []
        text.reserveCapacity(movies.count * 20)
        var textStarts: [Int32] = [0]
        textStarts.reserveCapacity(movies.count + 1)
        var wordStarts: [Int32] = []
        wordStarts.reserveCapacity(movies.count * 4)
        var wordRanges: [Int32] = [0]
        wordRanges.reserveCapacity(movies.count + 1)
        var masks: [UInt64] = []
        masks.reserveCapacity(movies.count)
        for index in order {
            let firstWord = wordStarts.count
            TitleFolding.appendWords(of: titles[Int(index)], to: &text, wordStarts: &wordStarts)
            var mask: UInt64 = 0
            for word in firstWord..<wordStarts.count { mask |= TitleFolding.maskBit(text[Int(wordStarts[word])]) }
            masks.append(mask)
            textStarts.append(Int32(text.count))
            wordRanges.append(Int32(wordStarts.count))
        }
        self.order = order
        self.text = text
        self.textStarts = textStarts
        self.wordStarts = wordStarts
        self.wordRanges = wordRanges
        self.masks = masks
        self.idsAscend = ids.indices.dropLast().allSatisfy { ids[$0] < ids[$0 + 1] }
    }

    /// Indices of `movies` by votes descending, then title, then id.
    ///
    /// A parsed catalogue is already in title order (the shipped one is), and
    /// then the tie-breaks are the indices themselves: each film becomes one
    /// integer key (inverted votes, then index) and a plain integer sort does
    /// the rest. Otherwise the sort compares titles too.
    ///
    /// - Complexity: O(n log n).
    private static func popularityOrder(titles: [String], ids: [Int], votes: [Int]) -> [Int32] {
        let inTitleOrder = titles.indices.dropLast().allSatisfy { index in
            titles[index] < titles[index + 1] || (titles[index] == titles[index + 1] && ids[index] < ids[index + 1])
        }
        let lowest = votes.min() ?? 0
        let highest = votes.max() ?? 0
        if inTitleOrder && lowest >= 0 && highest <= Int(UInt32.max) {
            let keys = votes.enumerated().map { index, votes in
                UInt64(UInt32.max - UInt32(votes)) << 32 | UInt64(index)
            }.sorted()
            return keys.map { Int32(truncatingIfNeeded: $0) }
        }
        var order = (0..<Int32(titles.count)).map { $0 }
        order.sort { left, right in
            let a = votes[Int(left)]
            let b = votes[Int(right)]
            if a != b { return a > b }
            if titles[Int(left)] != titles[Int(right)] { return titles[Int(left)] < titles[Int(right)] }
            return ids[Int(left)] < ids[Int(right)]
        }
        return order
    }

    /// The films matching the folded query `words`, best first: exact title,
    /// then title prefix, then word matches; within a rank by votes
    /// descending, then title, then id.
    ///
    /// A title matches when every query word is a prefix of one of its words.
    ///
    /// - Returns: indices into `movies`.
    /// - Complexity: O(n) in the number of films, plus the length of the
    ///   titles whose masks pass.
    func search(words: [[UInt8]]) -> [Int32] {
        guard !words.isEmpty, words.allSatisfy({ !$0.isEmpty }) else { return [] }
        var queryMask: UInt64 = 0
        for word in words { queryMask |= TitleFolding.maskBit(word[0]) }
        let whole = Array(words.joined(separator: [UInt8(ascii: " ")]))

        var buckets: [[Int32]] = [[], [], []]
        text.withUnsafeBufferPointer { text in
            textStarts.withUnsafeBufferPointer { textStarts in
                wordStarts.withUnsafeBufferPointer { wordStarts in
                    wordRanges.withUnsafeBufferPointer { wordRanges in
                        masks.withUnsafeBufferPointer { masks in
                            for position in 0..<masks.count where masks[position] & queryMask == queryMask {
                                let titleEnd = Int(textStarts[position + 1])
                                let titleWords = Int(wordRanges[position])..<Int(wordRanges[position + 1])
                                var matchesAll = true
                                for word in words {
                                    var found = false
                                    for wordIndex in titleWords {
                                        let start = Int(wordStarts[wordIndex])
                                        if start + word.count <= titleEnd
                                            && Self.bytes(text, at: start, equal: word)
                                        {
                                            found = true
                                            break
                                        }
                                    }
                                    if !found {
                                        matchesAll = false
                                        break
                                    }
                                }
                                guard matchesAll else { continue }
                                let titleStart = Int(textStarts[position])
                                let rank: Rank
                                if titleEnd - titleStart >= whole.count
                                    && Self.bytes(text, at: titleStart, equal: whole)
                                {
                                    rank = titleEnd - titleStart == whole.count ? .exact : .prefix
                                } else {
                                    rank = .words
                                }
                                buckets[rank.rawValue].append(order[position])
                            }
                        }
                    }
                }
            }
        }
        return buckets[0] + buckets[1] + buckets[2]
    }

    /// The film with `id`, if any.
    ///
    /// - Complexity: O(log n) for a parsed catalogue, O(n) for films given in
    ///   another order.
    func movie(id: Movie.ID) -> Movie? {
        guard idsAscend else { return movies.first { $0.id == id } }
        var low = 0
        var high = movies.count
        while low < high {
            let mid = (low + high) / 2
            if movies[mid].id < id { low = mid + 1 } else { high = mid }
        }
        return low < movies.count && movies[low].id == id ? movies[low] : nil
    }

    @inline(__always)
    private static func bytes(_ text: UnsafeBufferPointer<UInt8>, at start: Int, equal word: [UInt8]) -> Bool {
        // The first byte decides most comparisons.
        guard text[start] == word[0] else { return false }
        var offset = 1
        while offset < word.count {
            if text[start + offset] != word[offset] { return false }
            offset += 1
        }
        return true
    }
}
