import Foundation
import LineEditing
import Playground
import Testing

@testable import Shell

/// The `:compare` tables of the docs' pages, generated under their markers.
@Suite struct CompareTablesTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The markdown pages a reader is given: the README and everything under Docs/.
    static func pages() throws -> [String] {
        let docs = try FileManager.default.subpathsOfDirectory(atPath: root.appendingPathComponent("Docs").path)
            .filter { $0.hasSuffix(".md") }.map { "Docs/" + $0 }
        return ["README.md"] + docs.sorted()
    }

    /// Every page's `:compare` tables are what the actions of their markers
    /// cost now (re-generate them with `swift run bindlab compare --update
    /// FILE`), and the approaches' pages have theirs.
    @Test func everyPagesTablesAreAsGenerated() throws {
        let data = DataEnvironment()
        var pagesWithTables: [String] = []
        for file in try Self.pages() {
            let text = try String(contentsOf: Self.root.appendingPathComponent(file), encoding: .utf8)
            let page: CompareTables.Page
            do {
                page = try CompareTables.page(text, data: data)
            } catch {
                Issue.record("\(file):\(error.line): \(error.message)")
                continue
            }
            if !page.tables.isEmpty { pagesWithTables.append(file) }
            for (marker, generated) in page.drifted {
                let checkedIn = Array(page.lines[marker.table])
                let first =
                    zip(checkedIn, generated).enumerated().first { $0.element.0 != $0.element.1 }?.offset
                    ?? min(checkedIn.count, generated.count)
                let now = first < generated.count ? generated[first] : "nothing"
                Issue.record(
                    """
                    \(file):\(marker.table.lowerBound + first + 1): the table of the compare marker at line \
                    \(marker.line) differs from what its actions cost now (now: \(now)); re-generate it on \
                    purpose: swift run bindlab compare --update \(file)
                    """)
            }
        }
        for page in ["associated", "dynamic", "event", "observable", "observation", "output"] {
            #expect(pagesWithTables.contains("Docs/approaches/\(page).md"), "\(page).md has no compare table")
        }
    }

    /// A marker may span lines; a parenthesised step and a playground
    /// command run without a row; the table is the `|` lines under the
    /// marker's end; a marker inside a fenced code block is no marker.
    @Test func markersAreParsed() throws {
        let lines = [
            "text", "```", "<!-- compare: delegate; orders load -->", "```",
            "<!-- compare: delegate,output; orders load;",
            "  (orders select 3); back; :reset; movies search \"a;b\" -->",
            "| old |", "| rows |", "after",
        ]
        let markers = try CompareTables.markers(in: lines)
        try #require(markers.count == 1)
        let marker = markers[0]
        #expect(marker.line == 5)
        #expect(marker.backends == "delegate,output")
        #expect(
            marker.steps.map(\.line) == ["orders load", "orders select 3", "back", ":reset", "movies search \"a;b\""])
        #expect(marker.steps.map(\.tabulated) == [true, false, true, false, true])
        #expect(marker.table == 6..<8)
        let bare = try CompareTables.markers(in: ["<!-- compare: delegate; orders load -->", "", "| later |"])
        #expect(bare.first?.table.isEmpty == true)
    }

    /// Each bad marker is refused with the line of the marker and what is wrong.
    @Test(arguments: [
        ("<!-- compare: delegat; orders load -->", "unknown backend 'delegat'"),
        ("<!-- compare: delegate; orders select 500 -->", "'orders select 500' failed"),
        ("<!-- compare: delegate; :use all; orders load -->", "':use all' is not a step"),
        ("<!-- compare: delegate; ordrs load -->", "'ordrs load' is not a step"),
        ("<!-- compare: delegate; (orders load); :reset -->", "no action to tabulate"),
        ("<!-- compare: delegate; orders rename 1 \"Gift -->", "the compare marker: "),
        ("<!-- compare: delegate; orders load", "does not end"),
    ])
    func badMarkersNameTheirLine(marker: String, message: String) throws {
        let text = "# A page\n\nsome text\n\(marker)\n| action |\n"
        do {
            let page = try CompareTables.page(text, data: DataEnvironment())
            Issue.record("accepted: \(page.tables.map(\.generated))")
        } catch {
            #expect(error.line == 4)
            #expect(error.message.contains(message), "\(error.message)")
            #expect(!error.message.contains("\n"))
        }
    }

    /// A generated cell holds the counts `:compare` prints for the same
    /// actions: all hops, the queued ones, the updates and the redundant ones.
    @Test func cellsAreWhatCompareCounts() throws {
        let actions = ["orders load", "orders rename 2 Gift", "orders select 3"]
        let generated = try CompareTables.table(
            backends: "delegate,dynamic,output", steps: actions.map { .init(line: $0, tabulated: true) }, line: 1,
            data: DataEnvironment())
        #expect(generated.count == 2 + actions.count)
        #expect(generated[0] == "| action | delegate | dynamic | output |")
        let printed = typed([":use delegate,dynamic,output"] + actions.map { ":compare " + $0 })
        // Each :compare table: a header, then a row per backend.
        let tables = printed.split(separator: "\n").filter { line in
            let words = line.split(separator: " ")
            return words.count == 8 && Int(words[1]) != nil
        }
        try #require(tables.count == 3 * actions.count)
        for (index, action) in actions.enumerated() {
            let row = generated[2 + index].split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            #expect(row[0] == "`\(action)`")
            for column in 0..<3 {
                let words = tables[3 * index + column].split(separator: " ").map(String.init)
                let (hops, queued, dropped, updates, redundant) = (words[1], words[3], words[4], words[5], words[6])
                let late = [(queued, "queued"), (dropped, "dropped")].filter { $0.0 != "0" }.map { "\($0.0) \($0.1)" }
                let expected =
                    hops + (late.isEmpty ? "" : " (\(late.joined(separator: ", ")))") + " / \(updates) / \(redundant)"
                #expect(row[1 + column] == expected, "\(action) on \(words[0])")
            }
        }
    }

    /// A backend whose screen is not the first one's after an action says so in its cell.
    @Test func anotherScreenIsMarked() throws {
        // In :clock step nothing queued runs: output's spinner waits for a turn, the delegate's does not.
        let generated = try CompareTables.table(
            backends: "delegate,output",
            steps: [.init(line: ":clock step", tabulated: false), .init(line: "orders load", tabulated: true)],
            line: 1, data: DataEnvironment())
        let cells = try #require(generated.last).split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
        try #require(cells.count == 3)
        #expect(!cells[1].contains("another screen"))
        #expect(cells[2].hasSuffix(" (another screen)"))
    }

    /// A `|` in an action is escaped, so that the row keeps its cells.
    @Test func aBarInAnActionStaysInItsCell() throws {
        let generated = try CompareTables.table(
            backends: "delegate",
            steps: ["orders load", "orders rename 1 \"a|b\""].map { .init(line: $0, tabulated: true) },
            line: 1, data: DataEnvironment())
        let row = try #require(generated.last)
        #expect(row.hasPrefix("| `orders rename 1 \"a\\|b\"` | "))
        #expect(row.replacingOccurrences(of: "\\|", with: "").filter { $0 == "|" }.count == 3)
    }
}

@Suite struct CompareCLITests {
    static let marker = "<!-- compare: delegate,dynamic; orders load; orders rename 2 Gift -->"

    /// `bindlab compare FILE` prints a diff naming the file and exits 1 when a
    /// table drifted; `--update` rewrites only the table, after which it passes.
    @Test func checkThenUpdate() throws {
        let folder = try TemporaryFolder()
        let file = try folder.write("page.md", "before\n\(Self.marker)\n| action | stale |\n| --- | --- |\nafter\n")
        let stale = runCLI(["compare", file])
        #expect(stale.status == 1)
        #expect(stale.text.contains("--- \(file):3 (checked in)"))
        #expect(stale.text.contains("-| action | stale |"))
        #expect(stale.text.contains("+| action | delegate | dynamic |"))
        #expect(stale.text.contains("0 up to date, 1 drifted"))
        #expect(try folder.read("page.md").contains("stale"))

        let updated = runCLI(["compare", "--update", file])
        #expect(updated.status == 0)
        #expect(updated.text.contains("\(file):2: table updated"))
        let text = try folder.read("page.md")
        #expect(
            text.hasPrefix(
                "before\n\(Self.marker)\n| action | delegate | dynamic |\n| --- | --- | --- |\n| `orders load` | "))
        #expect(text.hasSuffix("|\nafter\n"))
        #expect(!text.contains("stale"))

        let again = runCLI(["compare", "--check", folder.path])
        #expect(again.status == 0)
        #expect(again.text == "1 up to date, 0 drifted\n")
    }

    /// A marker without its table is an error in a check, naming FILE:LINE;
    /// `--update` writes the table under it.
    @Test func aMarkerWithoutItsTable() throws {
        let folder = try TemporaryFolder()
        let file = try folder.write("page.md", "# Page\n\n\(Self.marker)\n\nafter\n")
        let check = runCLI(["compare", file])
        #expect(check.status == 2)
        #expect(check.text.contains("\(file):3: the compare marker has no table under it"))
        let update = runCLI(["compare", "--update", file])
        #expect(update.status == 0)
        #expect(update.text.contains("\(file):3: table written"))
        #expect(try folder.read("page.md").contains("\(Self.marker)\n| action | delegate | dynamic |\n"))
        #expect(runCLI(["compare", file]).status == 0)
    }

    /// Errors are one line with FILE:LINE, and leave the file as it was; a
    /// file named without a marker, no file, or an unknown option is a usage error.
    @Test func errors() throws {
        let folder = try TemporaryFolder()
        let original = "a\n\n<!-- compare: delegate; orders select 700 -->\n| x |\n"
        let file = try folder.write("bad.md", original)
        let failed = runCLI(["compare", "--update", file])
        #expect(failed.status == 2)
        #expect(failed.text.hasPrefix("bindlab: compare: \(file):3: 'orders select 700' failed: "))
        #expect(failed.text.split(separator: "\n").count == 1)
        #expect(try folder.read("bad.md") == original)

        let bare = try folder.write("bare.md", "no markers\n")
        #expect(runCLI(["compare", bare]).status == 2)
        #expect(runCLI(["compare", bare]).text.contains("no compare marker"))
        #expect(runCLI(["compare"]).status == 2)
        #expect(runCLI(["compare", "--bogus", bare]).status == 2)
        #expect(runCLI(["--backend", "delegate", "compare", bare]).text.contains("each marker names its backends"))
        #expect(runCLI(["compare", folder.path + "/missing.md"]).status == 2)
    }
}
