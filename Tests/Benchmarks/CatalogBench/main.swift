// catalog-bench: how long the movies catalogue takes to load and to search.
// Run in release: swift run -c release catalog-bench [repetitions]
// Numbers come from here, never from timed unit tests.
//
// `catalog-bench first-use [QUERY]` loads the package's catalogue once,
// answers page 1 of QUERY ("the" unless given), and exits: a process to hand to `valgrind --tool=callgrind` or `hyperfine`,
// whose cost is the first use and nothing else. `first-use QUERY --again`
// then times page 1 of another query, then of QUERY again (a new query: the
// ranking of the last one only is reused), each folding again the titles
// its mask lets through (Docs/performance.md, "The movies catalogue").
import Catalog
import Domain
import Foundation

let clock = ContinuousClock()
let arguments = CommandLine.arguments.dropFirst()
let firstUseOnly = arguments.first == "first-use"
let repetitions = arguments.first.flatMap { Int($0) } ?? 200

func milliseconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) * 1e3 + Double(duration.components.attoseconds) / 1e15
}

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    guard !sorted.isEmpty else { return .nan }
    let middle = sorted.count / 2
    return sorted.count.isMultiple(of: 2) ? (sorted[middle - 1] + sorted[middle]) / 2 : sorted[middle]
}

func time(_ work: () throws -> Void) rethrows -> Double {
    let start = clock.now
    try work()
    return milliseconds(clock.now - start)
}

func pad(_ text: String, _ width: Int, right: Bool = true) -> String {
    let padding = String(repeating: " ", count: max(0, width - text.count))
    return right ? padding + text : text + padding
}

func format(_ value: Double, decimals: Int = 3) -> String {
    String(format: "%.\(decimals)f", value)
}

func grouped(_ value: Int) -> String {
    var digits = String(value)
    var result = ""
    while digits.count > 3 {
        result = "," + digits.suffix(3) + result
        digits.removeLast(3)
    }
    return digits + result
}

do {
    // 1. First use of the package's catalogue: read, parse, fold and index.
    var loadSummary: MovieCatalogue.LoadSummary?
    let firstLoad = try time { loadSummary = try MovieCatalogue.bundled.load() }
    guard let loadSummary, let path = MovieCatalogue.bundledResourcePath() else {
        print("catalog-bench: the catalogue did not load")
        exit(1)
    }
    if firstUseOnly {
        // The first search too: through the prebuilt index, titles are folded
        // when a search reads them. "the" has the most matches (11,745).
        let query = arguments.dropFirst().first { $0 != "--again" } ?? "the"
        let firstSearch = try time { _ = try MovieCatalogue.bundled.page(1, for: query) }
        print(
            "first use of .bundled: load \(format(firstLoad, decimals: 2)) ms + first search (\(query)) "
                + "\(format(firstSearch, decimals: 2)) ms = \(format(firstLoad + firstSearch, decimals: 2)) ms, "
                + "\(grouped(loadSummary.movieCount)) films")
        if arguments.contains("--again") {
            // What a new query costs once the catalogue is loaded.
            let other = query == "star wars" ? "the" : "star wars"
            let otherSearch = try time { _ = try MovieCatalogue.bundled.page(1, for: other) }
            let again = try time { _ = try MovieCatalogue.bundled.page(1, for: query) }
            print(
                "then \(other) \(format(otherSearch, decimals: 2)) ms, \(query) again \(format(again, decimals: 2)) ms")
        }
        exit(0)
    }
    let all = try MovieCatalogue.bundled.movies()

    // Loading again in this process (its memory warm), then the other ways
    // in, each the median of several runs. The catalogue keeps compact rows
    // and makes a `Movie` only when one is handed out; `MoviesCSV.parse`
    // makes all of them, and films given in memory are turned into rows.
    var parseTimes: [Double] = []
    var indexTimes: [Double] = []
    var reloadTimes: [Double] = []
    for _ in 0..<15 {
        reloadTimes.append(try time { try MovieCatalogue(contentsOfFile: path).load() })
        let data = try time {
            let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
            let parsed = try bytes.withUnsafeBytes { raw in
                try MoviesCSV.parse(bytes: raw.bindMemory(to: UInt8.self))
            }
            precondition(parsed.movies.count == all.count)
        }
        parseTimes.append(data)
        indexTimes.append(try time { try MovieCatalogue(movies: all).load() })
    }

    print("catalogue: \(grouped(loadSummary.movieCount)) films, \(loadSummary.skippedRows.count) rows skipped")
    print("")
    func row(_ label: String, _ times: [Double]) -> String {
        pad(label, 36, right: false) + pad(format(median(times), decimals: 2), 10)
            + pad(format(times.min() ?? .nan, decimals: 2), 10)
    }
    print(pad("load (ms)", 36, right: false) + pad("median", 10) + pad("min", 10))
    print(pad("  first use of .bundled (one run)", 36, right: false) + pad(format(firstLoad, decimals: 2), 10))
    print(row("  whole load from the file", reloadTimes))
    print(row("  MoviesCSV.parse, every Movie made", parseTimes))
    print(row("  index films given in memory", indexTimes))
    print("")

    // 2. One search page (page 1 of a new query) at three catalogue sizes.
    // Subsets take every k-th film, so that they are not all titles starting with "A".
    let sizes = [1_000, 10_000, all.count]
    let catalogues = try sizes.map { size in
        let step = Double(all.count) / Double(size)
        let subset = (0..<size).map { all[Int(Double($0) * step)] }
        let catalogue = MovieCatalogue(movies: subset)
        try catalogue.load()
        return catalogue
    }
    let queries = [
        "star wars", "the", "love", "godfather", "a", "night of the living", "zzzz", "café",
        "man", "s",
    ]

    print("search, page 1 of a new query: median of \(repetitions) (ms)")
    print(
        pad("query", 22, right: false) + sizes.map { pad(grouped($0), 10) }.joined()
            + pad("matches", 10))
    // times[column][query]: one entry per repetition.
    var times = Array(repeating: Array(repeating: [Double](), count: queries.count), count: sizes.count)
    var cached = Array(repeating: [Double](), count: sizes.count)
    for (column, catalogue) in catalogues.enumerated() {
        for _ in 0..<repetitions {
            // Consecutive queries differ, so every call searches afresh.
            for (row, query) in queries.enumerated() {
                times[column][row].append(try time { _ = try catalogue.page(1, for: query) })
            }
            // The next page of the last query reuses its ranking.
            cached[column].append(try time { _ = try catalogue.page(2, for: queries[queries.count - 1]) })
        }
    }
    for (row, query) in queries.enumerated() {
        let medians = sizes.indices.map { median(times[$0][row]) }
        let matches = try catalogues[catalogues.count - 1].matchCount(for: query)
        print(
            pad("\"\(query)\"", 22, right: false) + medians.map { pad(format($0), 10) }.joined()
                + pad(grouped(matches), 10))
    }
    let overall = sizes.indices.map { median(times[$0].flatMap { $0 }) }
    print(pad("all queries", 22, right: false) + overall.map { pad(format($0), 10) }.joined())
    print(pad("next page (cached)", 22, right: false) + cached.map { pad(format(median($0)), 10) }.joined())
} catch let error as CatalogueError {
    print("catalog-bench: \(error.message)")
    exit(1)
}
