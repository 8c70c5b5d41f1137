import Domain

/// The catalogue laid out for search, built once when the catalogue loads.
///
/// Titles are folded once (see `TitleFolding`) into contiguous byte buffers,
/// in catalogue order, in consecutive parts folded at once on every core. A
/// search is then one pass over those buffers. Each title also has a 64-bit
/// mask of its words' first letters; a title lacking the first letter of a
/// query word is passed over with one AND.
///
/// Ranking needs no sort at search time: the films' popularity order (votes
/// descending, then title, then id) is computed once, and a match is marked
/// at its popularity position in the bitmap of its rank (exact, prefix, word
/// match); reading the three bitmaps in order gives the ranking.
///
/// Folding in catalogue order reads titles and rows front to back, where
/// popularity order would jump across the file for every title; and it does
/// not wait for the popularity order, which is computed alongside.
struct MovieSearchIndex: Sendable {
    /// How well a title matches a query, best first.
    enum Rank: Int, Sendable, CaseIterable {
        /// The folded title is the folded query.
        case exact
        /// The folded title starts with the folded query.
        case prefix
        /// Every query word starts some word of the title.
        case words
    }

    /// The films, in catalogue order.
    let table: MovieTable
    /// The index into `table` of the film at each popularity position.
    let order: [Int32]
    /// The popularity position of each film of `table`.
    private let positions: [Int32]
    /// The folded titles of every film, part after part, in catalogue order.
    private let parts: [FoldedTitles]

    /// What one task of building the index makes.
    private enum Piece {
        case order([Int32])
        case titles(FoldedTitles)
    }

    /// Builds the index, folding in `parts` parts (by default, one per
    /// processor for a large catalogue).
    ///
    /// - Complexity: O(n) in the number of films for a table in title order
    ///   (a parsed catalogue), O(n log n) otherwise (the popularity sort);
    ///   plus O(m) in the total length of the titles.
    init(table: MovieTable, parts: Int? = nil) {
        self.table = table
        // Below some thousands of titles, a thread costs more than it saves.
        let partCount = max(1, parts ?? (table.count < 8192 ? 1 : processorCount(limit: 8)))
        func rows(ofPart part: Int) -> Range<Int> {
            table.count * part / partCount..<table.count * (part + 1) / partCount
        }
        // The order and the folding do not depend on each other: with
        // several parts, the order is one more task beside them.
        let pieces: [Piece] =
            partCount == 1
            ? [.titles(FoldedTitles(rows(ofPart: 0), table)), .order(Self.popularityOrder(table))]
            : concurrentMap(partCount + 1) { task in
                task < partCount
                    ? .titles(FoldedTitles(rows(ofPart: task), table)) : .order(Self.popularityOrder(table))
            }
        var order: [Int32] = []
        var folded: [FoldedTitles] = []
        for piece in pieces {
            switch piece {
            case .order(let popularity): order = popularity
            case .titles(let titles): folded.append(titles)
            }
        }
        var positions = [Int32](repeating: 0, count: order.count)
        for (position, index) in order.enumerated() { positions[Int(index)] = Int32(position) }
        self.order = order
        self.positions = positions
        self.parts = folded
    }

    /// Indices of `table` by votes descending, then title, then id.
    ///
    /// A parsed catalogue is already in title order (the shipped one is), and
    /// then the tie-breaks are the indices themselves: each film becomes one
    /// integer key (inverted votes, then index), and a radix sort on the
    /// votes half, which keeps the indices in order, does the rest.
    /// Otherwise the sort compares titles too.
    ///
    /// - Complexity: O(n) in the number of films in title order, else
    ///   O(n log n).
    private static func popularityOrder(_ table: MovieTable) -> [Int32] {
        let indices = 0..<table.count
        if table.isInTitleOrder {
            var keys: [UInt64] = []
            keys.reserveCapacity(table.count)
            var votesFit = true
            table.forEachRow(in: indices) { index, row in
                let votes = row.fields.contains(.stored) ? table.votes(index) : Int(row.votes)
                votesFit = votesFit && votes >= 0 && votes <= UInt32.max
                keys.append(UInt64(UInt32.max - UInt32(truncatingIfNeeded: votes)) << 32 | UInt64(index))
            }
            if votesFit {
                sortOnHighHalves(&keys)
                return keys.map { Int32(truncatingIfNeeded: $0) }
            }
        }
        let titles = indices.map { table.title($0) }
        var order = indices.map { Int32($0) }
        order.sort { left, right in
            let a = table.votes(Int(left))
            let b = table.votes(Int(right))
            if a != b { return a > b }
            if titles[Int(left)] != titles[Int(right)] { return titles[Int(left)] < titles[Int(right)] }
            return table.id(Int(left)) < table.id(Int(right))
        }
        return order
    }

    /// Sorts `keys` on their high 32 bits, keeping the order of keys whose
    /// high halves are equal (a least-significant-digit radix sort, 11 bits a
    /// pass; a pass whose digit is the same for every key is skipped).
    ///
    /// - Complexity: O(n).
    private static func sortOnHighHalves(_ keys: inout [UInt64]) {
        let digitBits: UInt64 = 11
        let buckets = 1 << digitBits
        let digitMask = UInt64(buckets - 1)
        var sorted = [UInt64](repeating: 0, count: keys.count)
        var counts = [Int](repeating: 0, count: buckets)
        for shift in stride(from: UInt64(32), to: 64, by: Int(digitBits)) {
            let skipped = keys.withUnsafeBufferPointer { keys in
                sorted.withUnsafeMutableBufferPointer { sorted in
                    counts.withUnsafeMutableBufferPointer { counts in
                        counts.update(repeating: 0)
                        for key in keys { counts[Int((key >> shift) & digitMask)] &+= 1 }
                        if counts.contains(keys.count) { return true }
                        var total = 0
                        for digit in counts.indices {
                            let count = counts[digit]
                            counts[digit] = total
                            total &+= count
                        }
                        for key in keys {
                            let digit = Int((key >> shift) & digitMask)
                            sorted[counts[digit]] = key
                            counts[digit] &+= 1
                        }
                        return false
                    }
                }
            }
            if !skipped { swap(&keys, &sorted) }
        }
    }

    /// The films matching the folded query `words`, best first: exact title,
    /// then title prefix, then word matches; within a rank by votes
    /// descending, then title, then id.
    ///
    /// A title matches when every query word is a prefix of one of its words.
    ///
    /// - Returns: indices into `table`.
    /// - Complexity: O(n) in the number of films, plus the length of the
    ///   titles whose masks pass.
    func search(words: [[UInt8]]) -> [Int32] {
        guard !words.isEmpty, words.allSatisfy({ !$0.isEmpty }) else { return [] }
        var queryMask: UInt64 = 0
        for word in words { queryMask |= TitleFolding.maskBit(word[0]) }
        let whole = Array(words.joined(separator: [UInt8(ascii: " ")]))
        // One bit per popularity position, a bitmap per rank.
        let wordsPerRank = (order.count + 63) / 64
        var marks = [UInt64](repeating: 0, count: wordsPerRank * Rank.allCases.count)
        var found = 0
        marks.withUnsafeMutableBufferPointer { marks in
            positions.withUnsafeBufferPointer { positions in
                for part in parts {
                    part.match(words: words, whole: whole, queryMask: queryMask) { index, rank in
                        let position = Int(positions[index])
                        marks[rank.rawValue * wordsPerRank + position / 64] |= 1 << UInt64(position % 64)
                        found += 1
                    }
                }
            }
        }
        var ranked: [Int32] = []
        ranked.reserveCapacity(found)
        order.withUnsafeBufferPointer { order in
            for (offset, word) in marks.enumerated() where word != 0 {
                // Bitmap by bitmap, lowest position first.
                let base = offset % wordsPerRank * 64
                var bits = word
                while bits != 0 {
                    ranked.append(order[base + bits.trailingZeroBitCount])
                    bits &= bits - 1
                }
            }
        }
        return ranked
    }

    /// The film with `id`, if any.
    ///
    /// - Complexity: O(log n) for a parsed catalogue, O(n) for films given in
    ///   another order.
    func movie(id: Movie.ID) -> Movie? {
        guard table.idsAscend else { return (0..<table.count).first { table.id($0) == id }.map(table.movie(at:)) }
        var low = 0
        var high = table.count
        while low < high {
            let mid = (low + high) / 2
            if table.id(mid) < id { low = mid + 1 } else { high = mid }
        }
        return low < table.count && table.id(low) == id ? table.movie(at: low) : nil
    }
}

/// The folded titles of consecutive films of the table: one part of a
/// `MovieSearchIndex`.
///
/// It owns its buffers outright (no `Array` copy at the end of building, each
/// of which would touch fresh pages), and never changes after `init`, which is
/// why it may be shared across threads.
private final class FoldedTitles: @unchecked Sendable {
    /// The films folded here, as indices into the table.
    let rows: Range<Int>
    /// The folded titles, back to back.
    private let text: GrowableBuffer<UInt8>
    /// Where each film's title starts in `text`; one more entry than films,
    /// so title i is `textStarts[i]..<textStarts[i + 1]`.
    private let textStarts: GrowableBuffer<Int32>
    /// Offsets in `text` of every title word, title after title.
    private let wordStarts: GrowableBuffer<Int32>
    /// Where each film's words start in `wordStarts`; one more entry than
    /// films.
    private let wordRanges: GrowableBuffer<Int32>
    /// Each film's mask of word first letters.
    private let masks: GrowableBuffer<UInt64>

    /// Folds the titles of the films `rows` of `table`.
    init(_ rows: Range<Int>, _ table: MovieTable) {
        self.rows = rows
        // Folding never lengthens ASCII text, nor makes more words than half
        // its bytes (rounded up): with room for that, an ASCII title folds in
        // place and the buffers never move.
        var titleBytes = 0
        var wordBound = 0
        table.forEachRow(in: rows) { _, row in
            titleBytes += Int(row.titleLength)
            wordBound += (Int(row.titleLength) + 1) / 2
        }
        var text = GrowableBuffer<UInt8>(capacity: titleBytes)
        var textStarts = GrowableBuffer<Int32>(capacity: rows.count + 1)
        var wordStarts = GrowableBuffer<Int32>(capacity: wordBound)
        var wordRanges = GrowableBuffer<Int32>(capacity: rows.count + 1)
        var masks = GrowableBuffer<UInt64>(capacity: rows.count)
        textStarts.append(0)
        wordRanges.append(0)
        table.text.withUnsafeBufferPointer { tableText in
            table.forEachRow(in: rows) { index, row in
                let title = UnsafeBufferPointer(
                    rebasing: tableText[Int(row.titleStart)..<Int(row.titleStart) + Int(row.titleLength)])
                if !row.fields.contains(.stored) && isASCII(title) {
                    let folded = TitleFolding.foldASCII(
                        title, into: text.spareCapacity(atLeast: title.count),
                        wordStarts: wordStarts.spareCapacity(atLeast: title.count), offset: Int32(text.count))
                    text.commit(folded.byteCount)
                    wordStarts.commit(folded.wordCount)
                    masks.append(folded.mask)
                } else {
                    var bytes: [UInt8] = []
                    var starts: [Int32] = []
                    TitleFolding.appendWords(of: table.title(index), to: &bytes, wordStarts: &starts)
                    var mask: UInt64 = 0
                    for start in starts {
                        mask |= TitleFolding.maskBit(bytes[Int(start)])
                        wordStarts.append(Int32(text.count) + start)
                    }
                    bytes.withUnsafeBufferPointer { text.append(contentsOf: $0) }
                    masks.append(mask)
                }
                textStarts.append(Int32(text.count))
                wordRanges.append(Int32(wordStarts.count))
            }
        }
        self.text = text
        self.textStarts = textStarts
        self.wordStarts = wordStarts
        self.wordRanges = wordRanges
        self.masks = masks
    }

    /// Calls `found` with the table index and rank of each film of this part
    /// whose title matches, in catalogue order.
    func match(
        words: [[UInt8]], whole: [UInt8], queryMask: UInt64, found: (Int, MovieSearchIndex.Rank) -> Void
    ) {
        let text = text.buffer
        let textStarts = textStarts.buffer
        let wordStarts = wordStarts.buffer
        let wordRanges = wordRanges.buffer
        let masks = masks.buffer
        for local in 0..<masks.count where masks[local] & queryMask == queryMask {
            let rank = MovieSearchIndex.rank(
                ofTitle: Int(textStarts[local])..<Int(textStarts[local + 1]), in: text,
                words: Int(wordRanges[local])..<Int(wordRanges[local + 1]), of: wordStarts, query: words,
                whole: whole)
            if let rank { found(rows.lowerBound + local, rank) }
        }
    }
}

extension MovieSearchIndex {
    /// How the folded title `text[title]`, whose words start at
    /// `wordStarts[words]`, matches the folded query `query` (its words
    /// joined by spaces: `whole`); nil when some query word starts none of
    /// the title's words. What every search asks of a title, folded when the
    /// catalogue loaded or at search time (`MovieIndexFile`).
    @inline(__always)
    static func rank(
        ofTitle title: Range<Int>, in text: UnsafeBufferPointer<UInt8>, words: Range<Int>,
        of wordStarts: UnsafeBufferPointer<Int32>, query: [[UInt8]], whole: [UInt8]
    ) -> Rank? {
        for word in query {
            var found = false
            for wordIndex in words {
                let start = Int(wordStarts[wordIndex])
                if start + word.count <= title.upperBound && bytes(text, at: start, equal: word) {
                    found = true
                    break
                }
            }
            if !found { return nil }
        }
        if title.count >= whole.count && bytes(text, at: title.lowerBound, equal: whole) {
            return title.count == whole.count ? .exact : .prefix
        }
        return .words
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
