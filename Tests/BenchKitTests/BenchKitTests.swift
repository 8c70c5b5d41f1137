import Catalog
import CommandLineOptions
import Foundation
import Playground
import Testing

@testable import BenchKit

/// Runs `bindlab-bench ARGUMENTS` in-process: what it printed, and its status.
private func bench(_ arguments: [String]) -> (text: String, status: Int32) {
    var text = ""
    let status = BenchCommandLine.run(
        arguments, standard: { text += $0 }, error: { text += $0 }, progress: { _ in nil })
    return (text, status)
}

/// The bench's shape, never its timings: runs are `--quick` (tiny counts).
@Suite struct BenchKitTests {
    /// `bindlab bench --quick` runs on every registered backend and prints each table with its columns.
    @Test func benchRunsOnEveryBackendWithTheTablesColumns() {
        let (text, status) = bench(["--quick"])
        #expect(status == 0)
        let lines = text.split(separator: "\n").map(String.init)
        #expect(
            lines.first?.hasPrefix("bindlab bench: \(BackendRegistry.inAll.map(\.info.id).joined(separator: ", "));")
                == true)
        #expect(lines.first?.contains("load average") == true)
        #expect(
            lines.contains { cells($0) == ["case", "backend", "median", "× direct", "min", "max", "spread", "note"] })
        #expect(
            lines.contains {
                cells($0) == ["orders rename 5", "backend", "100 orders", "1,000 orders", "growth", "note"]
            })
        for anchor in [
            "direct call", "strong closure array (10)", "weak closure", "FIFO queue hop", "Swift Observation",
        ] {
            #expect(lines.contains { $0.hasPrefix("| \(anchor) ") }, "\(anchor)")
        }
        for id in BackendRegistry.inAll.map(\.info.id) {
            for name in ["1 listener", "10 listeners", "rename a row (100 orders)", "a page of results (page 2)"] {
                #expect(lines.contains { $0.hasPrefix("| \(name) ") && $0.contains("| \(id) ") }, "\(id): \(name)")
            }
            for scenario in ["movies more", "orders rename 5", "orders remove 0"] {
                let row = lines.first { $0.hasPrefix("| \(scenario) ") && $0.contains("| \(id) ") }
                #expect(
                    row.map { $0.contains("| flat ") || $0.contains("| linear ") || $0.contains("| worse ") } == true,
                    "\(id): \(scenario)")
            }
        }
        #expect(lines.contains { cells($0) == ["movies more", "backend", "page 2", "pages 3–4", "growth", "note"] })
        #expect(!text.contains("not measured"))
        #expect(!text.contains("\r"), "no progress line in a buffer")
    }

    /// `--json` is one JSON object with the machine, the direct call, rows with their statistics and growth classes.
    @Test func jsonHasThePromisedKeys() throws {
        let (text, status) = bench(["--quick", "--json", "--backend", "delegate,associated"])
        #expect(status == 0)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let machine = try #require(object["machine"] as? [String: Any])
        #expect(machine["cores"] is Int)
        #expect(machine["loadAverageBefore"] is [Double])
        #expect(object["backends"] as? [String] == ["delegate", "associated"])
        let direct = try #require(object["directCallNs"] as? Double)
        #expect(direct > 0)
        let rows = try #require(object["rows"] as? [[String: Any]])
        #expect(rows.first?["case"] as? String == "direct call")
        #expect(rows.first?["ratioToDirect"] as? Double == 1)
        for row in rows {
            for key in [
                "kind", "case", "backend", "medianNs", "minNs", "maxNs", "spread", "noisy", "ratioToDirect",
                "samplesNs",
            ] {
                #expect(row[key] != nil, "\(key)")
            }
            let samples = try #require(row["samplesNs"] as? [Double])
            #expect(samples.count == BenchPlan.quick.rounds || row["case"] as? String == "a page of results (page 2)")
        }
        let growth = try #require(object["growth"] as? [[String: Any]])
        #expect(
            Set(growth.compactMap { $0["scenario"] as? String }) == [
                "movies more", "orders rename 5", "orders remove 0",
            ])
        for row in growth {
            #expect(["flat", "linear", "worse"].contains(row["growth"] as? String ?? ""))
            #expect((row["medianNs"] as? [Double])?.count == (row["sizes"] as? [Int])?.count)
        }
    }

    /// The baseline lane's rows, the approach-only table and the ranking are in the tables; the baseline is no backend.
    @Test func theTablesShowTheBaselineAndTheApproachOnly() {
        let (text, status) = bench(["--quick", "--backend", "delegate,observation"])
        #expect(status == 0)
        let lines = text.split(separator: "\n").map(String.init)
        for name in ["1 listener", "10 listeners", "rename a row (100 orders)"] {
            #expect(lines.contains { $0.hasPrefix("| \(name) ") && $0.contains("| baseline ") }, "\(name)")
        }
        #expect(
            lines.contains {
                cells($0) == [
                    "case", "backend", "median", "baseline", "approach only", "range", "mechanism", "mechanism cost",
                    "note",
                ]
            })
        let delegate = lines.first { $0.hasPrefix("| 1 listener ") && $0.contains("| delegate ") && $0.contains(" … ") }
        #expect(delegate?.contains("| weak closure ") == true)
        let observation = lines.first {
            $0.hasPrefix("| 1 listener ") && $0.contains("| observation ") && $0.contains(" … ")
        }
        #expect(observation?.contains("| Swift Observation + FIFO queue hop ") == true, "queued: observed")
        #expect(lines.contains { $0.hasPrefix("Playground overhead per event, tracing off") })
        #expect(lines.contains { cells($0).first == "rank" && cells($0).contains("mechanism rank") })
        #expect(!lines.first!.contains("baseline"), "the baseline is not listed among the backends")
        #expect(!BackendRegistry.ids.contains(BaselineBackend.id))
        #expect(!BackendRegistry.inAll.contains { $0.info.id == BaselineBackend.id })
    }

    /// The baseline lane, driven as the shell drives a backend's, shows what the delegate backend shows, step by step.
    @Test func theBaselineLaneShowsTheScreensABackendShows() throws {
        let data = DataEnvironment()
        let delegate = try #require(BackendRegistry.backend("delegate"))
        let lanes = [
            Lane(backend: BaselineBackend(), data: data, network: NetworkConditions()),
            Lane(backend: delegate, data: data, network: NetworkConditions()),
        ]
        let actions: [UserAction] = [
            .orders(.load), .orders(.rename(row: 5, name: "Gift")), .orders(.remove(row: 0)),
            .orders(.select(row: 3)), .orders(.name("Present")), .back, .orders(.rename(row: 98, name: "Last")),
        ]
        var shown: [[String]] = []
        for action in actions {
            var screens: [[String]] = []
            for lane in lanes {
                try lane.device.perform(action)
                screens.append(lane.render())  // before the clock runs: the spinner, while loading
                _ = lane.settle(interrupted: { false })
                screens.append(lane.render())
            }
            #expect(screens[0] == screens[2], "\(action), before the clock runs")
            #expect(screens[1] == screens[3], "\(action)")
            shown.append(screens[1])
        }
        // The steps were seen, not only alike: the renamed row, the title after the remove, the details renamed.
        #expect(shown[1].contains { $0.contains("Gift #5") })
        #expect(shown[2].contains { $0.contains("Orders (99)") })
        #expect(shown[4].contains { $0.contains("Present #4") })
        #expect(shown[6].contains { $0.contains("Last #99") })
    }

    /// The overhead is split into the playground's machinery (the baseline's change no view hears) and
    /// the rename's own work; the machinery is compared with the cheapest approach, and never read as a
    /// baseline for a backend's row (no view heard it).
    @Test func theOverheadSaysWhatIsMachineryAndWhatIsTheRename() throws {
        var result = BenchResult(plan: .quick)
        result.approaches = ["delegate": "delegate"]
        func row(_ kind: BenchResult.Row.Kind, _ name: String, _ backend: String, _ rounds: [Double], heard: Int = 1)
            -> BenchResult.Row
        {
            BenchResult.Row(
                kind: kind, name: name, backend: backend, figure: BenchFigure(rounds), note: "", rounds: rounds,
                heard: heard, queued: false)
        }
        result.rows = [
            row(.anchor, "direct call", "—", [2, 2]),
            row(.anchor, "weak closure", "—", [20, 20]),
            row(.baseline, BenchResult.machineryCase, "baseline", [22, 22], heard: 0),
            row(.baseline, "1 listener", "baseline", [102, 102]),
            row(.event, "1 listener", "delegate", [152, 152]),
        ]
        let line = try #require(BenchReport.overheadLine(result))
        #expect(line.contains("(the baseline at 1 listener less the direct call): 100 ns."))
        #expect(
            line.contains(
                "less the direct call): 20.0 ns, 0.4 × the cheapest approach only (delegate at 1 listener, 50.0 ns)"))
        #expect(line.contains("the rest, 80.0 ns, is the rename's own work"))
        let delegate = try #require(BenchApproachOnly.all(in: result).first { $0.backend == "delegate" })
        #expect(delegate.baseline.median == 102, "read less the baseline with one listener, not the machinery")
        #expect(BenchReport.json(result, machine: .current(), backends: ["delegate"]).contains("\"machineryNs\": 20"))
    }

    /// A backend cheaper than the baseline in every round is said so, not called within the spread, and is
    /// never the "cheapest approach" the overhead is compared with.
    @Test func aRangeBelowTheBaselineIsSaidSo() throws {
        var result = BenchResult(plan: .quick)
        result.approaches = ["delegate": "delegate", "event": "event"]
        func row(_ kind: BenchResult.Row.Kind, _ name: String, _ backend: String, _ rounds: [Double]) -> BenchResult.Row
        {
            BenchResult.Row(
                kind: kind, name: name, backend: backend, figure: BenchFigure(rounds), note: "", rounds: rounds,
                heard: 1, queued: false)
        }
        result.rows = [
            row(.anchor, "direct call", "—", [1, 1]),
            row(.anchor, "weak closure", "—", [20, 20]),
            row(.baseline, "1 listener", "baseline", [100, 120]),
            // −10, −15: cheaper every round.
            row(.event, "1 listener", "delegate", [90, 105]),
            // +30, +40: a cost.
            row(.event, "1 listener", "event", [130, 160]),
        ]
        let items = BenchApproachOnly.all(in: result)
        let delegate = try #require(items.first { $0.backend == "delegate" })
        #expect(delegate.isBelowBaseline && !delegate.isWithinSpread)
        let text = BenchReport.approachOnly(result).joined(separator: "\n")
        #expect(text.contains("| below the baseline every round |"))
        #expect(!text.contains("within the spread |"))
        #expect(text.contains("the cheapest approach only, event at 1 listener"))
    }

    /// Approach only is each round's figure less the baseline's same round; a range reaching 0 is within the spread.
    @Test func approachOnlyIsComputedFromTheRounds() throws {
        var result = BenchResult(plan: .quick)
        result.approaches = ["delegate": "delegate", "observation": "observation", "event": "event"]
        func row(
            _ kind: BenchResult.Row.Kind, _ name: String, _ backend: String, _ rounds: [Double?],
            queued: Bool = false
        ) -> BenchResult.Row {
            BenchResult.Row(
                kind: kind, name: name, backend: backend, figure: BenchFigure(rounds.compactMap { $0 }), note: "",
                rounds: rounds, heard: 1, queued: queued)
        }
        result.rows = [
            row(.anchor, "direct call", "—", [1, 1, 1]),
            row(.anchor, "weak closure", "—", [20, 20, 20]),
            row(.anchor, "FIFO queue hop", "—", [100, 100, 100]),
            row(.anchor, "Swift Observation", "—", [800, 800, 800]),
            row(.baseline, "1 listener", "baseline", [100, 140, 110]),
            // +30, +10, +45 (the second round the loaded one for both): not within the spread.
            row(.event, "1 listener", "delegate", [130, 150, 155]),
            // +5, −2, +1: some round no dearer than the baseline.
            row(.event, "1 listener", "event", [105, 138, nil]),
            // Cheaper than the delegate every round, on a dearer mechanism.
            row(.event, "1 listener", "observation", [110, 145, 115], queued: true),
        ]
        let items = BenchApproachOnly.all(in: result)
        let delegate = try #require(items.first { $0.backend == "delegate" })
        #expect(delegate.differences.samples == [10, 30, 45])
        #expect(delegate.median == 30)
        #expect(!delegate.isWithinSpread)
        #expect(delegate.baseline.median == 110)
        #expect(delegate.mechanism?.anchors == ["weak closure"])
        #expect(delegate.mechanism?.cost(in: result) == 20)
        let event = try #require(items.first { $0.backend == "event" })
        #expect(event.differences.samples == [-2, 5], "the round event did not measure is left out")
        #expect(event.isWithinSpread)
        #expect(!event.isBelowBaseline && !delegate.isBelowBaseline)
        let observation = try #require(items.first { $0.backend == "observation" })
        #expect(observation.mechanism?.anchors == ["Swift Observation", "FIFO queue hop"])
        #expect(observation.mechanism?.cost(in: result) == 900)

        let ranking = BenchRanking.of(result).entries
        #expect(ranking.map(\.backend) == ["event", "observation", "delegate"])
        #expect(ranking.map(\.mechanismRank) == [1, 3, 1])
        // The delegate is dearer than observation every round: not noise, and said so.
        #expect(ranking[2].why.hasPrefix("dearer than observation, whose mechanism costs more: "))
        #expect(ranking[1].why == "cheaper than delegate, whose mechanism costs less")
        // event and observation swap across rounds (−2 vs +10, +5 vs +5…): within the spread.
        #expect(ranking[0].why.isEmpty || ranking[0].why.hasPrefix("within the spread"))

        let text = BenchReport.approachOnly(result).joined(separator: "\n")
        #expect(text.contains("| within the spread |"))
        #expect(text.contains("+30.0 ns"))
        #expect(BenchReport.overheadLine(result)?.contains(": 109 ns;") == true, "the baseline less the direct call")
        #expect(BenchReport.overheadLine(result)?.contains("delegate") == false, "the cheapest measured above noise")
    }

    /// A wrong argument is a usage error naming the bench's usage, exit 2.
    @Test func badArgumentsAreUsageErrors() {
        let (text, status) = bench(["--fast"])
        #expect(status == 2)
        #expect(text.hasPrefix("bindlab-bench: unknown option '--fast'"))
        #expect(text.hasSuffix("\nusage: \(Subcommand.bench.usage)\n"))
        #expect(bench(["--backend", "nope"]).text.contains("unknown backend 'nope'"))
        #expect(bench(["--width", "5"]).status == 2)
    }

    /// The cells of a markdown table's line, trimmed.
    private func cells(_ line: String) -> [String] {
        guard line.hasPrefix("|") else { return [] }
        return line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
    }

    /// The growth class follows the exponent of cost against size: flat, linear, worse.
    @Test func growthIsClassifiedByItsExponent() {
        let sizes = [1_000, 10_000, 100_000, 1_000_000]
        #expect(BenchGrowth.of(sizes.map { ($0, 50) }) == .flat)
        #expect(BenchGrowth.of(zip(sizes, [50, 60, 55, 80]).map { ($0, $1) }) == .flat)
        #expect(BenchGrowth.of(sizes.map { ($0, Double($0) * 3) }) == .linear)
        #expect(BenchGrowth.of(sizes.map { ($0, Double($0) * Double($0)) }) == .worse)
        #expect(BenchGrowth.of([(10, 1), (200, 20)]) == .linear)
    }

    /// A remove that grows is put down to the list's array when the rename is flat, to the glue when the rename grows too.
    @Test func aGrowingRemoveSaysWhy() {
        #expect(Benchmark.removeNote(remove: .flat, rename: .flat) == "")
        #expect(Benchmark.removeNote(remove: .linear, rename: .flat).contains("an array"))
        #expect(Benchmark.removeNote(remove: .linear, rename: .linear).contains("every row"))
    }

    /// A figure's median, spread and noisy mark come from its samples.
    @Test func figuresSummariseTheirSamples() {
        let steady = BenchFigure([10, 10.5, 10.2])
        #expect(steady.median == 10.2)
        #expect(steady.min == 10 && steady.max == 10.5)
        #expect(!steady.isNoisy)
        let noisy = BenchFigure([10, 14, 11, 12])
        #expect(noisy.median == 11.5)
        #expect(noisy.isNoisy)
        #expect(BenchReport.duration(2.48) == "2.48 ns")
        #expect(BenchReport.duration(12_345) == "12.3 µs")
        #expect(BenchReport.duration(5_100_000) == "5.10 ms")
    }
}
