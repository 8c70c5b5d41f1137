/// Line diffs: the longest common subsequence of two sequences (Myers'
/// algorithm), and the unified diff `check` prints.
enum LineDiff {
    /// Past this many differences the middle of two sequences is taken as
    /// wholly changed: a diff that large is read as "all different" anyway,
    /// and it bounds the memory the search keeps.
    static let maximumCost = 2000

    /// The index pairs `(i, j)` of a longest common subsequence of two
    /// sequences of `n` and `m` elements, in order, where `same(i, j)` says
    /// whether element `i` of the first can stand for element `j` of the second.
    ///
    /// `same` need not be an equivalence (a pattern matching a line): taking a
    /// matching pair as soon as it is seen is still optimal.
    ///
    /// - Complexity: O((n + m)·d) time and O(d²) memory for d differences,
    ///   d at most `maximumCost`.
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

    /// Myers' greedy search for the shortest edit script, then a walk back
    /// through the frontiers it kept.
    private static func middlePairs(_ n: Int, _ m: Int, same: (Int, Int) -> Bool) -> [(Int, Int)] {
        guard n > 0, m > 0 else { return [] }
        let offset = n + m + 1
        var frontier = [Int](repeating: 0, count: 2 * offset + 1)
        // trace[d]: the frontier before step d, for diagonals -d...d.
        var trace: [[Int]] = []
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

/// A unified diff of two texts, as `diff -u` prints it: `---`/`+++`
/// headers, `@@ -a,b +c,d @@` hunks with three lines of context.
struct UnifiedDiff {
    enum Line: Equatable {
        case same(String)
        case removed(String)
        case added(String)
    }

    struct Hunk: Equatable {
        let oldStart: Int
        let oldCount: Int
        let newStart: Int
        let newCount: Int
        let lines: [Line]

        var header: String {
            "@@ -\(Self.range(oldStart, oldCount)) +\(Self.range(newStart, newCount)) @@"
        }

        private static func range(_ start: Int, _ count: Int) -> String {
            count == 1 ? "\(start)" : "\(start),\(count)"
        }
    }

    let hunks: [Hunk]

    /// The differences between `old` and `new` lines, each change shown
    /// with `context` unchanged lines around it.
    init(old: [String], new: [String], context: Int = 3) {
        // Every line of both, in order: unchanged, removed or added.
        var script: [(line: Line, old: Int, new: Int)] = []
        var i = 0
        var j = 0
        for (oldIndex, newIndex) in LineDiff.commonPairs(old.count, new.count, same: { old[$0] == new[$1] })
            + [(old.count, new.count)]
        {
            while i < oldIndex {
                script.append((.removed(old[i]), i, j))
                i += 1
            }
            while j < newIndex {
                script.append((.added(new[j]), i, j))
                j += 1
            }
            if i < old.count, j < new.count {
                script.append((.same(old[i]), i, j))
                i += 1
                j += 1
            }
        }
        let changes = script.indices.filter {
            if case .same = script[$0].line { false } else { true }
        }
        var hunks: [Hunk] = []
        var index = 0
        while index < changes.count {
            var last = index
            while last + 1 < changes.count, changes[last + 1] - changes[last] <= 2 * context + 1 { last += 1 }
            let range = max(0, changes[index] - context)...min(script.count - 1, changes[last] + context)
            let lines = script[range].map(\.line)
            let oldCount = lines.count { if case .added = $0 { false } else { true } }
            let newCount = lines.count { if case .removed = $0 { false } else { true } }
            let first = script[range.lowerBound]
            hunks.append(
                Hunk(
                    oldStart: first.old + (oldCount > 0 ? 1 : 0), oldCount: oldCount,
                    newStart: first.new + (newCount > 0 ? 1 : 0), newCount: newCount, lines: lines))
            index = last + 1
        }
        self.hunks = hunks
    }

    var isEmpty: Bool { hunks.isEmpty }

    /// The diff as text lines under `---`/`+++` headers naming both sides;
    /// nothing when the texts are the same.
    func render(old oldName: String, new newName: String, style: Style) -> [String] {
        guard !hunks.isEmpty else { return [] }
        var lines = [style.bold("--- \(oldName)"), style.bold("+++ \(newName)")]
        for hunk in hunks {
            lines.append(style.cyan(hunk.header))
            for line in hunk.lines {
                switch line {
                case .same(let text): lines.append(" " + text)
                case .removed(let text): lines.append(style.red("-" + text))
                case .added(let text): lines.append(style.green("+" + text))
                }
            }
        }
        return lines
    }
}
