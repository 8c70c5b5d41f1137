// How `bindlab bench` shows what it measured: markdown tables (readable on a
// terminal, pasted as is into Docs/performance.md) or JSON for scripts.
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where and how a bench ran: said beside every figure.
struct BenchMachine {
    var cores: Int
    var loadBefore: [Double]
    var loadAfter: [Double]
    var build: String

    /// The machine now; `loadAfter` is filled in when the run ends.
    static func current() -> BenchMachine {
        #if DEBUG
            let build = "debug"
        #else
            let build = "release"
        #endif
        return BenchMachine(
            cores: Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))), loadBefore: loadAverage(), loadAfter: [], build: build)
    }

    /// The 1, 5 and 15 minute load averages.
    static func loadAverage() -> [Double] {
        var loads = [0.0, 0.0, 0.0]
        let count = loads.withUnsafeMutableBufferPointer { buffer in
            buffer.baseAddress.map { getloadavg($0, 3) } ?? 0
        }
        return count == 3 ? loads : []
    }
}

enum BenchReport {
    /// The tables, one line each.
    static func text(_ result: BenchResult, machine: BenchMachine, backends: [String]) -> [String] {
        var lines = [header(result, machine: machine, backends: backends)]
        if machine.build != "release" {
            lines.append(
                "(a debug build: the figures mean little; build with `swift build -c release --product bindlab-bench`)")
        }
        lines.append("")
        lines.append(
            "Per delivered event and per screen change, median of the rounds (the thread's CPU time, tracing off);")
        lines.append("× is the ratio to the direct call; a spread ((max − min) / median) over 10% is marked ~ (noisy):")
        lines.append("")
        let head = ["case", "backend", "median", "× direct", "min", "max", "spread", "note"]
        let body = result.rows.map { row in
            [
                row.name, row.backend, approximate(row.figure) + duration(row.figure.median),
                formatRatio(result.ratio(row.figure.median)), duration(row.figure.min), duration(row.figure.max),
                percent(row.figure.spread) + (row.figure.isNoisy ? " noisy" : ""), row.note,
            ]
        }
        lines += table(head, body, rightAligned: [2, 3, 4, 5, 6])
        lines += approachOnly(result)
        if !result.growth.isEmpty {
            lines.append("")
            lines.append("Growth: the same action with more data (orders loaded; pages loaded before), median each;")
            lines.append("the growth is classed on each size's fastest round, the one other load disturbs least:")
            for scenario in orderedScenarios(result.growth) {
                let rows = result.growth.filter { $0.scenario == scenario }
                guard let sizes = rows.first?.sizes else { continue }
                lines.append("")
                let columns = BenchResult.GrowthRow.columnNames(scenario, sizes)
                let head = ["\(scenario)", "backend"] + columns + ["growth", "note"]
                let body = rows.map { row in
                    [scenario, row.backend]
                        + row.figures.map { approximate($0) + duration($0.median) } + [row.growth.rawValue, row.note]
                }
                lines += table(head, body, rightAligned: Set(2..<(2 + sizes.count)))
            }
        }
        for refusal in result.refusals {
            lines.append("not measured on \(refusal.backend): \(refusal.reason)")
        }
        return lines
    }

    /// The approach-only table, the playground's overhead, the ranking.
    static func approachOnly(_ result: BenchResult) -> [String] {
        let items = BenchApproachOnly.all(in: result)
        guard !items.isEmpty else { return [] }
        var lines = [
            "",
            "Approach only: each figure less the baseline's (the same world, OrdersList and widgets, a direct call",
            "from view model to view), round by round: the median and range of the differences; the mechanism is",
            "the anchors its delivery is made of. A range that reaches 0 is within the spread: not a cost measured.",
            "",
        ]
        let head = [
            "case", "backend", "median", "baseline", "approach only", "range", "mechanism", "mechanism cost", "note",
        ]
        let body = items.map { item in
            [
                item.name, item.backend, approximate(item.figure) + duration(item.figure.median),
                approximate(item.baseline) + duration(item.baseline.median), signedDuration(item.median),
                signedDuration(item.differences.min) + " … " + signedDuration(item.differences.max),
                item.mechanism?.name ?? "", item.mechanism?.cost(in: result).map(duration) ?? "",
                item.isWithinSpread
                    ? "within the spread" : item.isBelowBaseline ? "below the baseline every round" : "",
            ]
        }
        lines += table(head, body, rightAligned: [2, 3, 4, 5, 7])
        if let overhead = overheadLine(result) {
            lines.append("")
            lines.append(overhead)
        }
        let ranking = BenchRanking.of(result)
        guard !ranking.entries.isEmpty else { return lines }
        lines.append("")
        lines.append(
            "Ranking at \(BenchRanking.listeners): by approach-only cost, beside the rank of its mechanism's cost "
                + "(mechanisms within 10% share one):")
        lines.append("")
        let rankHead = ["rank", "backend", "approach only", "mechanism", "mechanism cost", "mechanism rank", "why not"]
        let rankBody = ranking.entries.map { entry in
            [
                String(entry.rank), entry.backend, signedDuration(entry.approachOnly), entry.mechanism.name,
                duration(entry.mechanismCost), String(entry.mechanismRank), entry.why,
            ]
        }
        lines += table(rankHead, rankBody, rightAligned: [0, 2, 4, 5])
        return lines
    }

    /// The playground's own cost per event, tracing off: the baseline with
    /// one listener, less the direct call; of it, the machinery (the world
    /// made current, the probe's call, the virtual clock run until idle: the
    /// change no view hears, less the direct call), beside the cheapest
    /// approach-only figure, and the rest: the rename's work in the model and
    /// the view, which every backend's do alike.
    static func overheadLine(_ result: BenchResult) -> String? {
        guard let baseline = result.rows.first(where: { $0.kind == .baseline && $0.name == BenchRanking.listeners })
        else { return nil }
        let overhead = baseline.figure.median - result.direct
        var line =
            "Playground overhead per event, tracing off (the baseline at \(BenchRanking.listeners) less the direct call): "
            + duration(overhead)
        let cheapest = BenchApproachOnly.all(in: result).filter { $0.kind == .event && $0.differences.min > 0 }.min {
            $0.median < $1.median
        }
        guard let machinery = machinery(in: result) else {
            if let cheapest, cheapest.median > 0 {
                line +=
                    "; the cheapest approach only, \(cheapest.backend) at \(cheapest.name), is "
                    + duration(cheapest.median) + ": the overhead is " + formatRatio(overhead / cheapest.median)
                    + " × it"
            }
            return line + "."
        }
        line +=
            ". Of it, the world made current, the probe's call and the clock run until idle (a change no view "
            + "hears, less the direct call): " + duration(machinery)
        if let cheapest, cheapest.median > 0 {
            line +=
                ", " + formatRatio(machinery / cheapest.median) + " × the cheapest approach only (\(cheapest.backend) "
                + "at \(cheapest.name), " + duration(cheapest.median) + ")"
        }
        return line + "; the rest, " + duration(max(0, overhead - machinery))
            + ", is the rename's own work that every backend's model and view do alike (OrdersList's record, the "
            + "row's view model, EditedRows, the list's one-row reload and its count)."
    }

    /// The baseline's machinery per change, less the direct call; nil when not measured.
    static func machinery(in result: BenchResult) -> Double? {
        result.rows.first { $0.kind == .baseline && $0.name == BenchResult.machineryCase }.map {
            max(0, $0.figure.median - result.direct)
        }
    }

    /// A difference: `+12.3 ns`, `−4.10 ns`.
    static func signedDuration(_ nanoseconds: Double) -> String {
        (nanoseconds < 0 ? "−" : "+") + duration(abs(nanoseconds))
    }

    static func header(_ result: BenchResult, machine: BenchMachine, backends: [String]) -> String {
        let plan = result.plan
        return
            "bindlab bench: \(backends.joined(separator: ", ")); \(plan.rounds) rounds (paging \(plan.pagingRounds), "
            + "orders growth \(plan.growthRounds)), "
            + "\(machine.build) build, \(machine.cores) cores, load average \(loads(machine.loadBefore)) before, "
            + "\(loads(machine.loadAfter)) after"
    }

    private static func loads(_ values: [Double]) -> String {
        values.isEmpty ? "unknown" : values.map { fixed($0, digits: 2) }.joined(separator: " ")
    }

    private static func orderedScenarios(_ rows: [BenchResult.GrowthRow]) -> [String] {
        var seen: [String] = []
        for row in rows where !seen.contains(row.scenario) { seen.append(row.scenario) }
        return seen
    }

    private static func approximate(_ figure: BenchFigure) -> String { figure.isNoisy ? "~" : "" }

    private static func percent(_ value: Double) -> String { String(Int((value * 100).rounded())) + "%" }

    /// A time with its unit: `2.48 ns`, `66.8 ns`, `12.3 µs`, `5.10 ms`.
    static func duration(_ nanoseconds: Double) -> String {
        if nanoseconds >= 1_000_000 { return formatNanoseconds(nanoseconds / 1_000_000) + " ms" }
        if nanoseconds >= 1_000 { return formatNanoseconds(nanoseconds / 1_000) + " µs" }
        return formatNanoseconds(nanoseconds) + " ns"
    }

    /// A markdown table, its columns padded to line up on a terminal.
    static func table(_ head: [String], _ body: [[String]], rightAligned: Set<Int>) -> [String] {
        let rows = [head] + body
        let widths = head.indices.map { column in rows.map { $0[column].displayWidth }.max() ?? 0 }
        func line(_ cells: [String]) -> String {
            let padded = cells.enumerated().map { column, cell in
                let gap = String(repeating: " ", count: widths[column] - cell.displayWidth)
                return rightAligned.contains(column) ? gap + cell : cell + gap
            }
            return "| " + padded.joined(separator: " | ") + " |"
        }
        let rule = widths.indices.map { column in
            rightAligned.contains(column)
                ? String(repeating: "-", count: widths[column] + 1) + ":"
                : String(repeating: "-", count: widths[column] + 2)
        }
        return [line(head), "|" + rule.joined(separator: "|") + "|"] + body.map(line)
    }

    // MARK: JSON

    /// The result as one JSON object (times in ns).
    static func json(_ result: BenchResult, machine: BenchMachine, backends: [String]) -> String {
        let plan = result.plan
        var fields: [String] = []
        fields.append(
            "\"machine\": {\"cores\": \(machine.cores), \"build\": \(quoted(machine.build)), "
                + "\"loadAverageBefore\": \(numbers(machine.loadBefore)), \"loadAverageAfter\": \(numbers(machine.loadAfter))}"
        )
        fields.append("\"backends\": [\(backends.map(quoted).joined(separator: ", "))]")
        fields.append(
            "\"plan\": {\"rounds\": \(plan.rounds), \"pagingRounds\": \(plan.pagingRounds), "
                + "\"growthRounds\": \(plan.growthRounds), "
                + "\"listeners\": \(integers(plan.listenerCounts)), \"orderSizes\": \(integers(plan.orderSizes)), "
                + "\"pageCheckpoints\": \(integers(plan.pageCheckpoints))}")
        fields.append("\"directCallNs\": \(number(result.direct))")
        let rows = result.rows.map { row in
            "{\"kind\": \(quoted(row.kind.rawValue)), \"case\": \(quoted(row.name)), "
                + "\"backend\": \(row.kind == .anchor ? "null" : quoted(row.backend)), "
                + figureFields(row.figure, result: result) + ", \"note\": \(quoted(row.note))}"
        }
        fields.append("\"rows\": [\n    " + rows.joined(separator: ",\n    ") + "\n  ]")
        let approach = BenchApproachOnly.all(in: result).map { item in
            "{\"case\": \(quoted(item.name)), \"backend\": \(quoted(item.backend)), "
                + "\"medianNs\": \(number(item.figure.median)), \"baselineNs\": \(number(item.baseline.median)), "
                + "\"approachOnlyNs\": \(number(item.median)), \"approachOnlyMinNs\": \(number(item.differences.min)), "
                + "\"approachOnlyMaxNs\": \(number(item.differences.max)), \"withinSpread\": \(item.isWithinSpread), "
                + "\"belowBaseline\": \(item.isBelowBaseline), "
                + "\"mechanism\": \(item.mechanism.map { quoted($0.name) } ?? "null"), "
                + "\"mechanismNs\": \(item.mechanism?.cost(in: result).map(number) ?? "null")}"
        }
        fields.append("\"approachOnly\": [\n    " + approach.joined(separator: ",\n    ") + "\n  ]")
        let ranking = BenchRanking.of(result).entries.map { entry in
            "{\"rank\": \(entry.rank), \"backend\": \(quoted(entry.backend)), "
                + "\"approachOnlyNs\": \(number(entry.approachOnly)), \"mechanismRank\": \(entry.mechanismRank), "
                + "\"why\": \(quoted(entry.why))}"
        }
        fields.append("\"ranking\": [" + ranking.joined(separator: ", ") + "]")
        if let baseline = result.rows.first(where: { $0.kind == .baseline && $0.name == BenchRanking.listeners }) {
            fields.append("\"playgroundOverheadNs\": \(number(baseline.figure.median - result.direct))")
            if let machinery = machinery(in: result) { fields.append("\"machineryNs\": \(number(machinery))") }
        }
        let growth = result.growth.map { row in
            "{\"scenario\": \(quoted(row.scenario)), \"backend\": \(quoted(row.backend)), "
                + "\"sizes\": \(integers(row.sizes)), "
                + "\"medianNs\": \(numbers(row.figures.map(\.median))), "
                + "\"spread\": \(numbers(row.figures.map(\.spread))), "
                + "\"noisy\": [\(row.figures.map { $0.isNoisy ? "true" : "false" }.joined(separator: ", "))], "
                + "\"growth\": \(quoted(row.growth.rawValue)), \"note\": \(quoted(row.note))}"
        }
        fields.append("\"growth\": [\n    " + growth.joined(separator: ",\n    ") + "\n  ]")
        let refusals = result.refusals.map { "{\"backend\": \(quoted($0.backend)), \"reason\": \(quoted($0.reason))}" }
        fields.append("\"notMeasured\": [" + refusals.joined(separator: ", ") + "]")
        return "{\n  " + fields.joined(separator: ",\n  ") + "\n}"
    }

    private static func figureFields(_ figure: BenchFigure, result: BenchResult) -> String {
        "\"medianNs\": \(number(figure.median)), \"minNs\": \(number(figure.min)), \"maxNs\": \(number(figure.max)), "
            + "\"spread\": \(number(figure.spread)), \"noisy\": \(figure.isNoisy), "
            + "\"ratioToDirect\": \(number(result.ratio(figure.median))), \"samplesNs\": \(numbers(figure.samples))"
    }

    private static func number(_ value: Double) -> String {
        value.isFinite ? fixed(value, digits: 3) : "null"
    }

    private static func numbers(_ values: [Double]) -> String {
        "[" + values.map(number).joined(separator: ", ") + "]"
    }

    private static func integers(_ values: [Int]) -> String {
        "[" + values.map(String.init).joined(separator: ", ") + "]"
    }

    /// A JSON string.
    static func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
