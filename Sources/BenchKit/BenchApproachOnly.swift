// What `bindlab bench` reads each backend's figure against: the baseline
// lane (the same world, a direct call: BenchBaseline.swift) and the bare
// mechanism the approach delivers with (BenchAnchors.swift).
//
// - Approach only: a backend's figure less the baseline's, round by round
//   (the rounds are interleaved, so a round's two samples saw the same load),
//   the median of those differences, and their range. A range that reaches
//   zero means some round measured the approach no dearer than the
//   baseline: the difference is within the spread, not a cost; a range
//   below zero (every round cheaper than the baseline) is said as such.
// - The ranking: the backends by approach-only cost at one listener beside
//   the ranking their mechanisms' anchors give. Where they differ the table
//   says why: the two are within each other's spread (their order changes
//   from round to round), or the approach does more per event than its
//   mechanism (`BenchMechanism.beyond`).

/// The bare mechanism a backend delivers an event with: the anchors it is
/// made of, measured in the same run.
struct BenchMechanism: Equatable {
    /// Anchor names (`BenchAnchor.name`); their medians add up to the
    /// mechanism's cost.
    let anchors: [String]
    /// What the approach does per event beyond those anchors, in a few
    /// words; empty when nothing known.
    let beyond: String

    static let weakClosure = "weak closure"
    static let strongClosure = "strong closure array (10)"
    static let queueHop = "FIFO queue hop"
    static let observation = "Swift Observation"

    /// The mechanism of `backend` (an id, its approach's id as a fallback),
    /// with a queue hop added when its views were seen to hear a change
    /// only on a later turn (`queued`). Nil for a backend the bench does not
    /// know (an attendee's), which is then left out of the ranking.
    static func of(_ id: String, approach: String, queued: Bool) -> BenchMechanism? {
        guard let (anchor, beyond) = listener[id] ?? listener[approach] else { return nil }
        return BenchMechanism(anchors: [anchor] + (queued ? [queueHop] : []), beyond: beyond)
    }

    /// How one listener is reached, per backend: what the approaches' pages
    /// and binding-bench say of it (Docs/performance.md).
    private static let listener: [String: (String, String)] = [
        "delegate": (weakClosure, "a tracing proxy in the weak delegate slot: two weak loads, a cast"),
        "event-enum": (weakClosure, "the enum built and switched; a tracing proxy in the weak slot"),
        "output": (weakClosure, "Output.send's pass over its handler list"),
        "associated": (
            weakClosure, "Event.raise copies its weak-keyed handlers, and the view redraws whole (coarse updates)"
        ),
        "event": (weakClosure, "Event.raise filters its handler dictionary into a new one on every raise"),
        "observable": (weakClosure, "each entry's weak observer loaded, then the block's [weak view]"),
        "observable-article": (strongClosure, "the playground's hook on each delivery (ObservationTrace)"),
        "dynamic": (
            weakClosure,
            "the list helper reloads the whole list a turn later (reloadData()), and the playground's trace "
                + "watches the main queue through each listener's call"
        ),
        "published": (strongClosure, "objectWillChange, then the whole body re-rendered and diffed"),
        "observation": (observation, "the render pass diffs the widgets; tracking again after each change"),
    ]

    /// The mechanism's cost in `result`: its anchors' medians added.
    func cost(in result: BenchResult) -> Double? {
        var total = 0.0
        for name in anchors {
            guard let row = result.rows.first(where: { $0.kind == .anchor && $0.name == name }) else { return nil }
            total += row.figure.median
        }
        return total
    }

    var name: String { anchors.joined(separator: " + ") }
}

/// One backend case less the baseline's same case.
struct BenchApproachOnly {
    let backend: String
    let name: String
    let kind: BenchResult.Row.Kind
    /// The backend's row and the baseline row it is read less.
    let figure: BenchFigure
    let baseline: BenchFigure
    /// Backend − baseline, round by round (rounds where both measured).
    let differences: BenchFigure
    let mechanism: BenchMechanism?

    var median: Double { differences.median }
    /// Some rounds measured the approach dearer than the baseline and some
    /// no dearer: the difference is noise, not a cost.
    var isWithinSpread: Bool { differences.min <= 0 && differences.max >= 0 }
    /// Every round measured the approach cheaper than the baseline: the
    /// baseline does work there that this backend does not (a screen case,
    /// where the baseline's direct calls redraw more than the approach's
    /// view does), so the difference is no cost of the approach either.
    var isBelowBaseline: Bool { differences.max < 0 }

    /// The baseline row a backend row is read less: the same screen case;
    /// for a per-event case, the baseline with as many listeners as the
    /// backend's views that heard (a one-delegate approach with 10 views
    /// delivers one event, as the baseline with one view does).
    static func baselineRow(for row: BenchResult.Row, in result: BenchResult) -> BenchResult.Row? {
        let baselines = result.rows.filter { $0.kind == .baseline }
        switch row.kind {
        case .event: return baselines.first { $0.name != screenCase && $0.heard == row.heard }
        case .screen where row.name == screenCase: return baselines.first { $0.name == screenCase }
        default: return nil
        }
    }

    static let screenCase = "rename a row (100 orders)"

    /// Round-by-round differences `a − b`, over the rounds both measured.
    static func differences(_ a: [Double?], _ b: [Double?]) -> [Double] {
        zip(a, b).compactMap { pair in pair.0.flatMap { x in pair.1.map { x - $0 } } }
    }

    static func all(in result: BenchResult) -> [BenchApproachOnly] {
        result.rows.compactMap { row in
            guard let base = baselineRow(for: row, in: result) else { return nil }
            let paired = differences(row.rounds, base.rounds)
            guard !paired.isEmpty else { return nil }
            return BenchApproachOnly(
                backend: row.backend, name: row.name, kind: row.kind, figure: row.figure, baseline: base.figure,
                differences: BenchFigure(paired),
                mechanism: row.kind == .event
                    ? BenchMechanism.of(
                        row.backend, approach: result.approaches[row.backend] ?? row.backend,
                        queued: row.queued)
                    : nil)
        }
    }
}

/// The backends ranked by their approach-only cost at one listener, beside
/// the ranking of their mechanisms.
struct BenchRanking {
    struct Entry {
        let backend: String
        let approachOnly: Double
        let mechanism: BenchMechanism
        let mechanismCost: Double
        /// 1-based; equal mechanisms share a rank.
        let rank: Int
        let mechanismRank: Int
        /// Empty when the two rankings agree on this backend; else why not.
        let why: String
    }

    let entries: [Entry]

    /// One listener's rows: one delivered event, nothing shared among views.
    static let listeners = "1 listener"

    static func of(_ result: BenchResult) -> BenchRanking {
        let items = BenchApproachOnly.all(in: result).filter { $0.kind == .event && $0.name == listeners }
        let measured: [(BenchApproachOnly, BenchMechanism, Double, [Double?])] = items.compactMap { item in
            guard let mechanism = item.mechanism, let cost = mechanism.cost(in: result),
                let row = result.rows.first(where: {
                    $0.kind == .event && $0.backend == item.backend && $0.name == listeners
                }),
                let base = BenchApproachOnly.baselineRow(for: row, in: result)
            else { return nil }
            // Each round's approach-only cost, to compare two backends round by round.
            let rounds: [Double?] = zip(row.rounds, base.rounds).map { pair in
                pair.0.flatMap { x in pair.1.map { x - $0 } }
            }
            return (item, mechanism, cost, rounds)
        }
        let sorted = measured.sorted { $0.0.median < $1.0.median }
        let costs = sorted.map(\.2)
        // Mechanisms within a tenth of each other's cost are the same one
        // (two backends on the weak closure): they share a rank.
        func mechanismRank(_ cost: Double) -> Int { 1 + costs.filter { $0 < cost * 0.9 }.count }
        let entries = sorted.enumerated().map { index, item in
            let (approach, mechanism, cost, rounds) = item
            let rank = mechanismRank(cost)
            // The backends the two rankings put on opposite sides of this one.
            let inverted = sorted.enumerated().filter { other, candidate in
                let theirs = mechanismRank(candidate.2)
                return (other < index && theirs > rank) || (other > index && theirs < rank)
            }
            var why = ""
            if !inverted.isEmpty {
                let notSeparated = inverted.filter { _, candidate in
                    let paired = BenchApproachOnly.differences(rounds, candidate.3)
                    return paired.contains { $0 <= 0 } && paired.contains { $0 >= 0 }
                }
                let ahead = inverted.filter { $0.offset < index }.map(\.element.0.backend)
                let behind = inverted.filter { $0.offset > index }.map(\.element.0.backend)
                if notSeparated.count == inverted.count {
                    why = "within the spread of " + inverted.map(\.element.0.backend).joined(separator: ", ")
                } else if !ahead.isEmpty {
                    let beyond = mechanism.beyond.isEmpty ? "" : ": \(mechanism.beyond)"
                    why = "dearer than " + ahead.joined(separator: ", ") + ", whose mechanism costs more\(beyond)"
                } else {
                    why = "cheaper than " + behind.joined(separator: ", ") + ", whose mechanism costs less"
                }
            }
            return Entry(
                backend: approach.backend, approachOnly: approach.median, mechanism: mechanism, mechanismCost: cost,
                rank: index + 1, mechanismRank: rank, why: why)
        }
        return BenchRanking(entries: entries)
    }
}
