import BindingKit
import Playground
import Testing

@testable import Shell

/// Every hop `:trace` printed for an action is one marble of `:timeline`,
/// whatever the script and the width.
@Suite struct MarblesPropertyTests {
    /// SplitMix64: the same scripts on every run and machine.
    struct SeededRandom: RandomNumberGenerator {
        var state: UInt64

        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    static let actions = [
        "orders load", "orders load 3", "orders load 0", "orders rename 1 Gift", "orders rename 0 \"Rush order\"",
        "orders remove 0", "orders select 2", "orders name Bob", "back", "orders scroll", "orders scroll up",
        "movies search star", "movies type love", "movies search", "movies more", "movies scroll", "movies select 0",
        "movies recent", "movies recent 0", "movies cancel",
    ]
    /// A search, then its query picked again from the recent ones: where some approaches drop a hop.
    static let again = ["movies search star wars", "movies recent", "movies recent 0"]
    static let settings = [":net fail next", ":clock manual", ":clock auto", ":release view", ":net latency 10ms"]

    /// What a line of the trace or of the legend says of a hop, blanks left out (wrapping moves them): who to whom, the message, and whether it was dropped or unordered.
    struct Said: Equatable, CustomStringConvertible {
        var core: String
        var dropped = false
        var unordered = false

        init(_ text: String) {
            core = text.filter { $0 != " " }
            while core.hasSuffix(")"), let open = core.lastIndex(of: "(") {
                let flag = core[open...]
                if flag == "(dropped:nolistener)" {
                    dropped = true
                } else if flag == "(unordered)" {
                    unordered = true
                } else if !flag.hasPrefix("(mainqueue,turn") && !flag.hasPrefix("(redundant:") {
                    break
                }
                core = String(core[..<open])
            }
        }

        var description: String { core + (dropped ? " dropped" : "") + (unordered ? " unordered" : "") }
    }

    /// The hops of each backend in the trace of one action, at a width where none wraps.
    static func traced(_ lines: [String], ids: [String]) -> [String: [Said]] {
        var hops: [String: [Said]] = [:]
        for line in lines where line.hasPrefix("  · ") {
            var rest = String(line.dropFirst(4))
            var id = ids[0]
            if ids.count > 1, let owner = ids.first(where: { rest.hasPrefix($0 + ": ") }) {
                id = owner
                rest = String(rest.dropFirst(owner.count + 2))
            }
            hops[id, default: []].append(Said(rest))
        }
        return hops
    }

    /// What the diagram drew: each backend's names on its tracks, its legend (name and what it says), the × marks.
    static func drawn(_ lines: [String], ids: [String]) -> (
        tracks: [String: [String]], legend: [String: [(name: String, said: Said)]], drops: Int
    ) {
        var tracks: [String: [String]] = [:]
        var drops = 0
        var trackCount = 0
        var previousWasTrack = false
        for line in lines {
            if let bar = line.firstIndex(of: "├") {
                let id = ids[ids.count > 1 ? trackCount % ids.count : 0]
                tracks[id, default: []] += MarblesTests.names(String(line[line.index(after: bar)...]))
                trackCount += 1
                previousWasTrack = true
            } else {
                if previousWasTrack, line.contains(where: { $0 == "×" || $0 == "=" }),
                    line.allSatisfy({ $0 == " " || $0 == "×" || $0 == "=" })
                {
                    drops += line.count { $0 == "×" }
                }
                previousWasTrack = false
            }
        }
        var legend: [String: [(name: String, said: Said)]] = [:]
        // The legend starts under the last track (and its marks), or under "no binding hops".
        var start = (lines.lastIndex { $0.contains("├") } ?? lines.firstIndex(of: "no binding hops") ?? lines.count) + 1
        if start < lines.count, lines[start].hasPrefix(" "), lines[start].allSatisfy({ " ×=".contains($0) }) {
            start += 1
        }
        guard start < lines.count else { return (tracks, legend, drops) }
        // Join each heading and each entry with the lines that go on under it.
        var entries: [String] = []
        for line in lines[start...] {
            if !line.hasPrefix(" ") || (line.hasPrefix("  ") && !line.dropFirst(2).hasPrefix(" ")) {
                entries.append(line)
            } else {
                entries[entries.count - 1] += " " + line
            }
        }
        var id = ids[0]
        for entry in entries {
            if !entry.hasPrefix(" ") {
                // A heading; an id wider than the width is cut, so its pieces are joined again.
                id = String(entry.filter { $0 != " " }.prefix { $0 != ":" })
                continue
            }
            let words = entry.dropFirst(2)
            let name = String(words.prefix { $0 != " " })
            legend[id, default: []].append((name, Said(String(words.dropFirst(name.count)))))
        }
        return (tracks, legend, drops)
    }

    /// Over random scripts on random backends, each action's traced hops are the diagram's marbles — each exactly once on a track and once in the legend, in the trace's order — at widths from 20 to 1000, no line wider than the width.
    @Test func everyTracedHopIsOneMarble() throws {
        var random = SeededRandom(state: 20)
        var checked = (hops: 0, dropped: 0, stacked: 0, bands: 0)
        for _ in 0..<40 {
            let ids =
                Int.random(in: 0..<8, using: &random) == 0
                ? BackendRegistry.ids
                : Array(BackendRegistry.ids.shuffled(using: &random).prefix(Int.random(in: 1...3, using: &random)))
            let output = BufferedOutput()
            let shell = Shell(backends: try BackendRegistry.resolve(ids.joined(separator: ",")), output: output)
            shell.perform(":trace on")
            let again = Int.random(in: 0..<3, using: &random) == 0
            for step in 0..<6 {
                if Int.random(in: 0..<4, using: &random) == 0 {
                    shell.perform(try #require(Self.settings.randomElement(using: &random)))
                }
                let action =
                    again && step < Self.again.count
                    ? Self.again[step] : try #require(Self.actions.randomElement(using: &random))
                shell.fixedColumns = 1000
                _ = output.take()
                shell.perform(action)
                let traced = Self.traced(BufferedOutput.lines(of: output.take()), ids: ids)
                let width = [20, 1000][safe: step] ?? Int.random(in: 20...1000, using: &random)
                shell.fixedColumns = width
                shell.perform(":timeline")
                let lines = BufferedOutput.lines(of: output.take())
                let context = "\(ids) \(action) at \(width)"
                #expect(lines.allSatisfy { $0.displayWidth <= width }, "\(context): \(lines)")
                let (tracks, legend, drops) = Self.drawn(lines, ids: ids)
                var dropped = 0
                for id in ids {
                    let hops = traced[id] ?? []
                    let entries = legend[id] ?? []
                    #expect(entries.map(\.said) == hops, "\(context), \(id)")
                    #expect((tracks[id] ?? []).sorted() == entries.map(\.name).sorted(), "\(context), \(id)")
                    #expect(Set(entries.map(\.name)).count == entries.count, "\(context), \(id)")
                    dropped += hops.count { $0.dropped }
                }
                #expect(drops == dropped, "\(context): a × under each dropped marble")
                checked.hops += traced.values.reduce(0) { $0 + $1.count }
                checked.dropped += dropped
                if lines.contains(where: { $0.hasPrefix("├") }) { checked.stacked += 1 }
                if lines.filter({ $0.contains("turn") || $0.hasPrefix(" 0") }).count > 1 { checked.bands += 1 }
            }
        }
        // The scripts were not idle: many hops, some dropped, names stacked over their tracks, bands.
        #expect(checked.hops > 1000 && checked.dropped > 0 && checked.stacked > 0 && checked.bands > 0, "\(checked)")
    }
}

extension Array {
    fileprivate subscript(safe index: Int) -> Element? { indices.contains(index) ? self[index] : nil }
}
