public import Experiments

/// Two texts' lines aligned for reading side by side: every line of both,
/// in order, as rows — a line both have, a line changed (the left's beside
/// the right's that took its place), a line only one has — and the hunks: the
/// runs of rows that differ, with a few same rows around each.
public struct FileDiff: Equatable, Sendable {
    /// A line of one side, numbered from 1.
    public struct Line: Equatable, Sendable {
        public let number: Int
        public let text: String
    }

    public struct Row: Equatable, Sendable {
        public enum Kind: Equatable, Sendable {
            /// The same line on both sides.
            case same
            /// A line of the left beside the line of the right that took its place.
            case changed
            /// A line the left has and the right has not.
            case leftOnly
            /// A line the right has and the left has not.
            case rightOnly
        }

        public let kind: Kind
        public let left: Line?
        public let right: Line?
    }

    /// A run of rows that differ, with `context` same rows on each side.
    public struct Hunk: Equatable, Sendable {
        /// Indices into `rows`.
        public let rows: Range<Int>
        /// The first and last line of each side the hunk shows; nil for a
        /// side it shows none of.
        public let left: ClosedRange<Int>?
        public let right: ClosedRange<Int>?
    }

    public let rows: [Row]
    public let hunks: [Hunk]

    /// Whether the two texts are the same.
    public var isEmpty: Bool { hunks.isEmpty }

    /// How many rows differ: changed, or on one side only.
    public var differingRows: Int { rows.count { $0.kind != .same } }

    /// - Parameter context: how many same rows a hunk shows around its changes.
    /// - Complexity: O((*n* + *m*)·*d*) for *d* differences (Myers).
    public init(left: [String], right: [String], context: Int = 3) {
        var rows: [Row] = []
        var i = 0
        var j = 0
        let common = LineMatching.commonPairs(left.count, right.count) { left[$0] == right[$1] }
        for (nextLeft, nextRight) in common + [(left.count, right.count)] {
            // What lies between two common lines: changed row by row, the rest one-sided.
            while i < nextLeft, j < nextRight {
                rows.append(
                    Row(
                        kind: .changed, left: Line(number: i + 1, text: left[i]),
                        right: Line(number: j + 1, text: right[j])))
                i += 1
                j += 1
            }
            while i < nextLeft {
                rows.append(Row(kind: .leftOnly, left: Line(number: i + 1, text: left[i]), right: nil))
                i += 1
            }
            while j < nextRight {
                rows.append(Row(kind: .rightOnly, left: nil, right: Line(number: j + 1, text: right[j])))
                j += 1
            }
            if i < left.count, j < right.count {
                rows.append(
                    Row(
                        kind: .same, left: Line(number: i + 1, text: left[i]),
                        right: Line(number: j + 1, text: right[j])))
                i += 1
                j += 1
            }
        }
        self.rows = rows
        let changes = rows.indices.filter { rows[$0].kind != .same }
        var hunks: [Hunk] = []
        var index = 0
        while index < changes.count {
            var last = index
            while last + 1 < changes.count, changes[last + 1] - changes[last] <= 2 * context + 1 { last += 1 }
            let range = max(0, changes[index] - context)..<min(rows.count, changes[last] + context + 1)
            let leftNumbers = rows[range].compactMap { $0.left?.number }
            let rightNumbers = rows[range].compactMap { $0.right?.number }
            hunks.append(
                Hunk(
                    rows: range, left: leftNumbers.first.map { $0...(leftNumbers.last ?? $0) },
                    right: rightNumbers.first.map { $0...(rightNumbers.last ?? $0) }))
            index = last + 1
        }
        self.hunks = hunks
    }

    /// The lines of a file's text: each line break ends one, and a last line
    /// without one still counts.
    public static func lines(of text: String) -> [String] {
        guard !text.isEmpty else { return [] }
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if text.hasSuffix("\n") { lines.removeLast() }
        return lines
    }
}

extension SourcePairing {
    /// The lines of the two files of `pair`, aligned; a side with no file
    /// is empty.
    ///
    /// - Throws: why a file could not be read.
    public func diff(_ pair: Pair, in sources: PackageSources, context: Int = 3) throws(PackageSources.ReadError)
        -> FileDiff
    {
        let left = try pair.left.map { file throws(PackageSources.ReadError) in
            FileDiff.lines(of: try sources.text(of: self.left.folder + "/" + file))
        }
        let right = try pair.right.map { file throws(PackageSources.ReadError) in
            FileDiff.lines(of: try sources.text(of: self.right.folder + "/" + file))
        }
        return FileDiff(left: left ?? [], right: right ?? [], context: context)
    }
}

/// The longest common subsequence of two sequences of lines, by Myers' search.
///
/// The Shell's `LineDiff` (session checks) is the same search; one of them
/// should be the other's.
enum LineMatching {
    /// Past this many differences the middle of two texts is taken as wholly
    /// changed: it bounds the memory the search keeps.
    static let maximumCost = 2000

    /// The index pairs `(i, j)` of a longest common subsequence, in order.
    ///
    /// - Complexity: O((*n* + *m*)·*d*) time and O(*d*²) memory for *d*
    ///   differences, *d* at most `maximumCost`.
    static func commonPairs(_ n: Int, _ m: Int, same: (Int, Int) -> Bool) -> [(Int, Int)] {
        var head = 0
        while head < n, head < m, same(head, head) { head += 1 }
        var tail = 0
        while tail < n - head, tail < m - head, same(n - 1 - tail, m - 1 - tail) { tail += 1 }
        var pairs = (0..<head).map { ($0, $0) }
        pairs += middlePairs(n - head - tail, m - head - tail) { same($0 + head, $1 + head) }
            .map { ($0 + head, $1 + head) }
        pairs += (0..<tail).reversed().map { (n - 1 - $0, m - 1 - $0) }
        return pairs
    }

    private static func middlePairs(_ n: Int, _ m: Int, same: (Int, Int) -> Bool) -> [(Int, Int)] {
        guard n > 0, m > 0 else { return [] }
        let offset = n + m + 1
        var frontier = [Int](repeating: 0, count: 2 * offset + 1)
        var trace: [[Int]] = []  // trace[d]: the frontier before step d, diagonals -d...d
        var cost = -1
        search: for d in 0...min(n + m, maximumCost) {
            trace.append(Array(frontier[(offset - d)...(offset + d)]))
            for k in stride(from: -d, through: d, by: 2) {
                var x =
                    k == -d || (k != d && frontier[offset + k - 1] < frontier[offset + k + 1])
                    ? frontier[offset + k + 1] : frontier[offset + k - 1] + 1
                var y = x - k
                while x < n, y < m, same(x, y) {
                    x += 1
                    y += 1
                }
                frontier[offset + k] = x
                if x >= n, y >= m {
                    cost = d
                    break search
                }
            }
        }
        guard cost >= 0 else { return [] }
        var pairs: [(Int, Int)] = []
        var x = n
        var y = m
        for d in stride(from: cost, to: 0, by: -1) {
            let before = trace[d]
            let k = x - y
            let down = k == -d || (k != d && before[k - 1 + d] < before[k + 1 + d])
            let previousK = down ? k + 1 : k - 1
            let previousX = before[previousK + d]
            let previousY = previousX - previousK
            while x > previousX, y > previousY {
                pairs.append((x - 1, y - 1))
                x -= 1
                y -= 1
            }
            x = previousX
            y = previousY
        }
        while x > 0, y > 0 {
            pairs.append((x - 1, y - 1))
            x -= 1
            y -= 1
        }
        return pairs.reversed()
    }
}
