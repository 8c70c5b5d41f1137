import Playground

/// A lane's counters at one moment: what `:compare` and the pages'
/// compare tables subtract to tell what an action cost.
struct Tally {
    let sync: Int
    let queued: Int
    let dropped: Int
    let updates: Int
    let redundant: Int

    init(_ lane: Lane) {
        let tracer = lane.world.tracer
        sync = tracer.hopCounts[.sync] ?? 0
        queued = tracer.hopCounts[.queued] ?? 0
        dropped = tracer.hopCounts[.dropped] ?? 0
        updates = tracer.updateCount
        redundant = tracer.redundantUpdateCount
    }

    /// One row per backend: what the action cost between `before` and `after`.
    /// A table wider than `columns` is given as a few lines per backend instead.
    ///
    /// - Parameter differences: per backend, what its screens during the
    ///   action did otherwise than the first backend's (nil: the same); each
    ///   is said in a line under the table.
    static func table(
        ids: [String], before: [Tally], after: [Tally], differences: [String?], columns: Int = .max
    ) -> [String] {
        let header = ["backend", "hops", "sync", "queued", "dropped", "updates", "redundant", "same screen"]
        var rows = [header]
        for (index, id) in ids.enumerated() {
            let (a, b) = (after[index], before[index])
            let counts = [a.sync - b.sync, a.queued - b.queued, a.dropped - b.dropped]
            rows.append(
                [id, String(counts.reduce(0, +))] + counts.map(String.init) + [
                    String(a.updates - b.updates), String(a.redundant - b.redundant),
                    index == 0 ? "—" : (differences[index] == nil ? "yes" : "NO"),
                ])
        }
        let widths = header.indices.map { column in rows.map { $0[column].count }.max() ?? 0 }
        guard widths.reduce(0, +) + 2 * (widths.count - 1) <= columns else {
            return rows.dropFirst().enumerated().flatMap { index, row -> [String] in
                let hops = "  \(row[1]) hops: \(row[2]) sync, \(row[3]) queued, \(row[4]) dropped"
                let updates = "  \(row[5]) updates, \(row[6]) redundant"
                let same = "  same screen: \(row[7])" + (differences[index].map { ": \($0)" } ?? "")
                let lines: [String] = [row[0] + ":"] + hops.wrapped(to: columns, indent: 4)
                return lines + updates.wrapped(to: columns, indent: 4) + same.wrapped(to: columns, indent: 4)
            }
        }
        let table = rows.map { row in
            row.enumerated().map { column, cell in
                column == 0
                    ? cell.padded(to: widths[column])
                    : String(repeating: " ", count: widths[column] - cell.count) + cell
            }.joined(separator: "  ").trailingBlanksTrimmed
        }
        // Why a screen is not the same, one line a backend.
        let reasons = zip(ids, differences).compactMap { id, difference in
            difference.map { "\(id): \($0)".wrapped(to: columns, indent: 4) }
        }
        return table + reasons.joined()
    }
}
