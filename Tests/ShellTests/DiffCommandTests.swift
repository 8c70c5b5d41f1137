import Experiments
import Pictures
import Playground
import Testing

@testable import Shell

/// What `:diff` prints for `words`, at `columns`.
private func diff(_ words: String, columns: Int = 80) -> (lines: [String], failed: Bool) {
    let output = BufferedOutput()
    let shell = Shell(output: output)
    shell.fixedColumns = columns
    let failed = !shell.perform(":diff " + words)
    return (BufferedOutput.lines(of: output.take()), failed)
}

/// `:diff A B [ROLE]`: two backends' files paired by role, and their hunks.
@Suite struct DiffCommandTests {
    /// delegate and event-enum: the table names every article file of both once, each pair gets a heading and its hunks, stacked below 100 columns.
    @Test func pairsEveryFileAndShowsTheHunks() throws {
        let (lines, failed) = diff("delegate event-enum")
        #expect(!failed)
        #expect(lines.allSatisfy { $0.displayWidth <= 80 }, "\(lines.filter { $0.displayWidth > 80 })")
        let sources = try #require(PackageSources.locate([.built]))
        let backends = try BackendRegistry.resolve("delegate,event-enum")
        let pairing = SourcePairing(backends[0], backends[1], in: sources)
        for (backend, files) in [
            (backends[0], pairing.pairs.compactMap(\.left)), (backends[1], pairing.pairs.compactMap(\.right)),
        ] {
            let folder = PackageSources.folder(of: backend)
            let expected = sources.swiftFiles(under: folder).filter { !PackageSources.isInstrumentation($0) }
            #expect(files.map { folder + "/" + $0 }.sorted() == expected.sorted())
        }
        let table = lines.prefix { !$0.isEmpty }
        for pair in pairing.pairs {
            #expect(table.contains { $0.hasPrefix("  \(pair.role) ") }, "\(pair.role) in the table")
            #expect(lines.contains { $0.hasPrefix("── \(pair.role): ") }, "\(pair.role) has its heading")
        }
        #expect(table.contains { $0.contains("Glue/ViewModelListener") && $0.contains("— ↔") })
        let hunks = lines.filter {
            $0.hasPrefix("@@ delegate ") && $0.contains(" ↔ event-enum ") && $0.hasSuffix(" @@")
        }
        #expect(hunks.count >= pairing.pairs.count { $0.left != nil && $0.right != nil })
        #expect(lines.contains { $0.hasPrefix("- ") } && lines.contains { $0.hasPrefix("+ ") })
        #expect(!lines.contains { $0.contains(" │ ") }, "stacked below 100 columns")
        let alone = try #require(lines.firstIndex { $0.hasPrefix("── Glue/ViewModelListener: ") })
        #expect(lines[alone] == "── Glue/ViewModelListener: Glue/ViewModelListener.swift, only in event-enum")
        #expect(lines[alone + 1] == "   (:source event-enum ViewModelListener shows it)")
    }

    /// From 100 columns the two sides of a hunk stand side by side, each line whole or cut with …; one role by its name or a file's.
    @Test func oneRoleSideBySide() {
        let (lines, failed) = diff("delegate output orders view model", columns: 120)
        #expect(!failed)
        #expect(lines[0] == "── orders view model: Orders/OrdersViewModel.swift")
        #expect(lines.allSatisfy { $0.displayWidth <= 120 })
        let rows = lines.filter { $0.contains(" │ ") }
        #expect(!rows.isEmpty)
        #expect(rows.contains { $0.hasPrefix("- ") && $0.contains(" │ + ") })
        #expect(rows.contains { $0.hasPrefix("  ") && $0.contains(" │   ") }, "a line both have")
        #expect(
            diff("delegate dynamic OrdersView").lines.first
                == "── orders view: Orders/OrdersContentView.swift ↔ Orders/OrdersView.swift")
        #expect(diff("delegate dynamic orders/ordersview.swift").lines.first?.hasPrefix("── orders view:") == true)
    }

    /// Two variants share one folder; a role no file fills, one backend, or all, is an error saying what to type.
    @Test func whatItRefuses() {
        let variants = diff("observable observable-article")
        #expect(!variants.failed)
        #expect(variants.lines.first?.contains("share Sources/Backends/Observable/") == true)
        let unknown = diff("delegate output ordrs view")
        #expect(unknown.failed)
        #expect(
            unknown.lines.first?.contains("no role or file 'ordrs view' in delegate or output; did you mean") == true)
        #expect(diff("delegate").lines.first == "error: name two backends (usage: :diff NAME NAME [ROLE])")
        #expect(diff("delegate all").failed)
        #expect(diff("delegate delegat").lines.first?.contains("did you mean 'delegate'") == true)
    }
}
