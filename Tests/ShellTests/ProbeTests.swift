import Experiments
import Foundation
import Playground
import Testing

@testable import Shell

@Suite struct ProbeTests {
    /// `:probe` alone lists every experiment, one line each.
    @Test func probeAloneListsTheExperiments() throws {
        let (text, status) = try transcript([":probe"])
        #expect(status == 0)
        for experiment in Experiments.all {
            #expect(text.contains("  \(experiment.name)"), "\(experiment.name)")
        }
    }

    /// `:probe NAME` answers with a row for each backend in use, and takes the name written with spaces.
    @Test func probeRunsOnEveryBackendInUse() throws {
        let (text, status) = try transcript([":probe bind twice"], backends: "delegate,output")
        #expect(status == 0)
        let lines = text.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix("bind-twice: ") == true)
        // A row each, or a block each when the table is too wide.
        #expect(
            text.contains("\ndelegate\n  binding again: replaces")
                || lines.contains { $0.hasPrefix("delegate ") && $0.contains("replaces") })
        #expect(
            text.contains("\noutput\n  binding again: doubles")
                || lines.contains { $0.hasPrefix("output ") && $0.contains("doubles") })
    }

    /// An unknown experiment is a one-line usage error naming the nearest one.
    @Test func anUnknownExperimentIsAUsageError() throws {
        let (text, status) = try transcript([":probe listener"])
        #expect(status == 2)
        #expect(text.contains("no experiment 'listener'; did you mean 'listeners'?"))
        #expect(text.contains("usage: :probe [NAME]"))
        #expect(text.split(separator: "\n").count == 1)
    }

    /// `:help :probe` explains every experiment, one paragraph each.
    @Test func helpExplainsEachExperiment() throws {
        let (text, _) = try transcript([":width 200", ":help :probe"])
        for experiment in Experiments.all {
            #expect(text.contains("\n\n\(experiment.name): \(experiment.question)\n"))
        }
    }

    /// At 80 columns, `:help` and `:help :probe` wrap their long lines at spaces instead of running past the edge.
    @Test func helpFitsEightyColumns() throws {
        let (text, _) = try transcript([":help", ":help :probe"])
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.allSatisfy { $0.count <= 80 })
        #expect(text.contains("\n\nlisteners: "))
        // A wrapped summary goes on under its own column.
        let row = try #require(lines.firstIndex { $0.hasPrefix("  :backends ") })
        let words = try #require(CommandRegistry.command(named: ":backends")?.summary.prefix(12))
        let column = try #require(lines[row].range(of: words)).lowerBound
        #expect(
            lines[row + 1].prefix { $0 == " " }.count == lines[row].distance(from: lines[row].startIndex, to: column))
    }

    /// `bindlab matrix` prints a verdict per experiment for every backend; `--backend` narrows it.
    @Test func matrixCoversEveryBackend() {
        let all = runCLI(["matrix"])
        #expect(all.status == 0)
        for id in BackendRegistry.ids { #expect(all.text.contains(id)) }
        for experiment in Experiments.all { #expect(all.text.contains(experiment.name)) }
        let one = runCLI(["matrix", "--backend", "output"])
        #expect(one.status == 0)
        #expect(!one.text.contains("delegate"))
        #expect(runCLI(["--backend", "output", "matrix", "--markdown"]).text.hasPrefix("| | [`output`](output.md) |"))
    }

    /// Bad matrix arguments are usage errors, exit 2.
    @Test func matrixUsageErrors() {
        #expect(runCLI(["matrix", "--bogus"]).status == 2)
        #expect(runCLI(["matrix", "--backend", "nope"]).status == 2)
        #expect(runCLI(["matrix", "--update"]).status == 2)
        #expect(runCLI(["matrix", "--update", "README.md"]).text.contains("add --markdown"))
    }

    /// `--update` rewrites only what lies between the markers, and refuses a file without them.
    @Test func matrixUpdateRewritesBetweenTheMarkers() throws {
        let folder = try TemporaryFolder()
        let file = try folder.write(
            "table.md", "before\n\(CLI.matrixBegin)\nan old table\n\(CLI.matrixEnd)\nafter\n")
        let first = runCLI(["matrix", "--markdown", "--backend", "delegate", "--update", file])
        #expect(first.status == 0)
        #expect(first.text.hasSuffix("matrix updated\n"))
        let text = try folder.read("table.md")
        #expect(text.hasPrefix("before\n\(CLI.matrixBegin)\n| | [`delegate`]"))
        #expect(text.hasSuffix("\(CLI.matrixEnd)\nafter\n"))
        #expect(!text.contains("an old table"))
        let again = runCLI(["matrix", "--markdown", "--backend", "delegate", "--update", file])
        #expect(again.text.hasSuffix("the matrix is up to date\n"))
        let bare = try folder.write("bare.md", "no markers\n")
        let refused = runCLI(["matrix", "--markdown", "--update", bare])
        #expect(refused.status == 2)
        #expect(try folder.read("bare.md") == "no markers\n")
    }
}

@Suite struct ProbeWidthTests {
    /// `:probe` alone keeps its list within the width in force, names aligned.
    @Test func theListFitsTheWidth() throws {
        let (text, _) = try transcript([":width 60", ":probe"])
        let lines = text.split(separator: "\n").dropFirst(2)
        #expect(lines.allSatisfy { $0.count <= 60 })
        #expect(lines.contains { $0.hasPrefix("  listeners          can a second view") })
    }

    /// `bindlab matrix --width N` splits the backends into tables of at most N columns.
    @Test func theMatrixTakesAWidth() {
        let narrow = runCLI(["matrix", "--width", "50"])
        #expect(narrow.status == 0)
        #expect(narrow.text.split(separator: "\n").allSatisfy { $0.count <= 50 || $0.split(separator: " ").count <= 3 })
        #expect(runCLI(["matrix", "--width", "5"]).status == 2)
    }
}
