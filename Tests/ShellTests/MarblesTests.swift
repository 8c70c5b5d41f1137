import BindingKit
import Playground
import Testing

@testable import Shell

/// The lines of `text`, without a final empty one.
private func lines(_ text: String) -> [String] {
    text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
}

/// What `:timeline` prints after `script`, at `columns`.
private func timeline(_ script: [String], backends: String = "delegate", columns: Int = 80, color: Bool = false)
    throws -> [String]
{
    let output = BufferedOutput()
    let shell = Shell(backends: try BackendRegistry.resolve(backends), output: output, color: color)
    shell.fixedColumns = columns
    for line in script { shell.perform(line) }
    _ = output.take()
    shell.perform(":timeline")
    return lines(output.take())
}

/// The diagram's track lines, each after its `├`.
private func tracks(_ lines: [String]) -> [String] {
    lines.compactMap { line in line.firstIndex(of: "├").map { String(line[line.index(after: $0)...]) } }
}

/// The column of the first marble of a track line.
private func firstMarble(_ line: String) -> Int? {
    guard let bar = line.firstIndex(of: "├") else { return nil }
    return line[bar...].firstIndex { $0.isLetter }.map { line.distance(from: line.startIndex, to: $0) }
}

/// `:timeline` as marbles in the terminal, and `:timeline --marbles`.
@Suite struct MarblesTests {
    /// Every backend at 80 columns: a lane each under the ruler, the output backend's first marble a turn right of delegate's, and each backend's legend.
    @Test func everyBackendAt80Columns() throws {
        let shown = try timeline(["orders load"], backends: "all")
        #expect(shown.allSatisfy { $0.displayWidth <= 80 }, "\(shown.filter { $0.displayWidth > 80 })")
        #expect(shown[0] == "last action: orders load")
        let laneLines = shown.filter { $0.contains("├") }
        #expect(laneLines.map { String($0.prefix { $0 != " " && $0 != "├" }) } == BackendRegistry.inAll.map(\.info.id))
        let delegate = try #require(laneLines.first { $0.hasPrefix("delegate ") })
        let output = try #require(laneLines.first { $0.hasPrefix("output ") })
        #expect(try #require(firstMarble(output)) > #require(firstMarble(delegate)), "a main-queue turn later")
        let ruler = try #require(shown.firstIndex { $0.contains("turn") })
        #expect(shown[ruler - 1].contains("0 ms") && shown[ruler - 1].contains("1000 ms"))
        for id in BackendRegistry.inAll.map(\.info.id) {
            #expect(shown.contains { $0.hasPrefix("\(id): ") && $0.contains(" hop") }, "\(id)'s legend")
        }
        #expect(shown.contains("  a  user → list  pullToRefresh()"))
    }

    /// One backend: a lane per receiver; a hop to a listener that is gone is marked × under its lane, one that redrew what was shown =.
    @Test func dropsAndRedundantRedrawsAreMarked() throws {
        let shown = try timeline(
            ["movies search star wars", "movies recent", "movies recent 0"], backends: "output", columns: 100)
        let nilLane = try #require(shown.firstIndex { $0.hasPrefix("nil ") && $0.contains("├") })
        let column = try #require(firstMarble(shown[nilLane]))
        let marks = Array(shown[nilLane + 1])
        #expect(marks.count > column && marks[column] == "×", "\(shown[nilLane + 1])")
        #expect(shown.contains { $0.contains("→ nil") && $0.contains("(dropped: no listener)") })
        #expect(shown.contains { $0.contains("=") && !$0.contains("├") && $0.allSatisfy { $0 == " " || $0 == "=" } })
        #expect(shown.contains { $0.contains("(redundant: 1 of 1 updates)") })
    }

    /// Colours add to the glyphs and take nothing away: the coloured diagram, its escapes removed, is the plain one.
    @Test func plainAndColouredSayTheSame() throws {
        let script = ["movies search star wars", "movies recent", "movies recent 0"]
        let plain = try timeline(script, backends: "output")
        let coloured = try timeline(script, backends: "output", color: true)
        #expect(plain.allSatisfy { !$0.contains("\u{1B}") })
        #expect(coloured.contains { $0.contains("\u{1B}[") })
        #expect(coloured.map(Self.withoutEscapes) == plain)
    }

    /// What does not fit goes on in a band under the first, the ruler repeated; no marble is cut, at 20 columns too.
    @Test func wideDiagramsGoOnInBands() throws {
        let script = ["movies search star wars", "movies recent", "movies recent 0"]
        for columns in [20, 30, 45, 80] {
            let shown = try timeline(script, backends: "output", columns: columns)
            #expect(shown.allSatisfy { $0.displayWidth <= columns }, "\(columns): \(shown)")
            let names = tracks(shown).flatMap(Self.names)
            #expect(names.count == 26 && Set(names).count == 26, "\(columns) columns: \(names)")
        }
        let narrow = try timeline(script, backends: "output", columns: 20)
        #expect(narrow.filter { $0.contains("2000 ms") }.count > 1, "the ruler repeated in each band")
    }

    /// The text form: a line per lane (an instant's turns from the command's, `-` for one with nothing, `(…)` for several in one), then a line per marble.
    @Test func theTextForm() throws {
        let output = BufferedOutput()
        let shell = Shell(backends: try BackendRegistry.resolve("delegate,output"), output: output)
        shell.perform("orders load")
        _ = output.take()
        shell.perform(":timeline --marbles")
        let text = lines(output.take())
        #expect(text[0] == "last action: orders load")
        #expect(text[1] == "delegate: 0ms (ab=c) 1000ms -(def)")
        #expect(text[2].hasPrefix("output: 0ms -a"))
        #expect(text.contains("delegate a: user → list  pullToRefresh()"))
        #expect(
            text.contains(
                "delegate b: OrdersViewModel → OrdersContentView  didUpdate(title:)  (redundant: 1 of 1 updates)"))
        shell.perform(":timeline --marble")
        #expect(output.take().contains("error: :timeline takes --marbles or nothing, not '--marble'"))
    }

    /// The text form compresses more than three empty turns into a count, and marks a dropped marble with ×.
    @Test func theTextFormCountsLongGaps() throws {
        let output = BufferedOutput()
        let shell = Shell(backends: try BackendRegistry.resolve("output"), output: output)
        for line in ["movies search star wars", "movies recent", "movies recent 0"] { shell.perform(line) }
        _ = output.take()
        shell.perform(":timeline --marbles")
        let text = lines(output.take())
        #expect(text.contains { $0.hasPrefix("nil: 1000ms ") && $0.hasSuffix("t p×") })
    }

    /// The marble names of one track: a letter and the digits after it.
    static func names(_ track: String) -> [String] {
        var names: [String] = []
        for character in track {
            if character.isLetter {
                names.append(String(character))
            } else if character.isNumber, !names.isEmpty {
                names[names.count - 1].append(character)
            }
        }
        return names
    }

    static func withoutEscapes(_ line: String) -> String {
        var result = ""
        var skipping = false
        for character in line {
            if character == "\u{1B}" {
                skipping = true
            } else if skipping {
                if character == "m" { skipping = false }
            } else {
                result.append(character)
            }
        }
        return result
    }
}
