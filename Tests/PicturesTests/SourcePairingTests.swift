import BindingKit
import Experiments
import Playground
import Testing

@testable import Pictures

/// Two backends' files paired by role, and the line diff of a pair.
@Suite struct SourcePairingTests {
    static let left = SourcePairing.Side(backend: "delegate", folder: "Sources/Backends/Delegate")
    static let right = SourcePairing.Side(backend: "dynamic", folder: "Sources/Backends/Dynamic")

    /// Files fill roles by their paths, a few by other names; what the other side lacks stands alone; glue first, the assembly last.
    @Test func pairsByRole() {
        let pairing = SourcePairing(
            left: Self.left,
            leftFiles: [
                "DelegateBackend.swift", "Glue/ContainerView.swift", "Glue/IContainer.swift",
                "Orders/OrdersContentView.swift", "Orders/OrdersViewModel.swift",
            ],
            right: Self.right,
            rightFiles: [
                "DynamicBackend.swift", "Glue/ContainerView.swift", "Glue/Dynamic.swift", "Orders/OrdersView.swift",
                "Orders/OrdersViewModel.swift",
            ])
        #expect(
            pairing.pairs.map(\.role) == [
                "container view", "Glue/Dynamic", "Glue/IContainer", "orders view model", "orders view", "assembly",
            ])
        let view = pairing.pairs.first { $0.role == "orders view" }
        #expect(view?.left == "Orders/OrdersContentView.swift" && view?.right == "Orders/OrdersView.swift")
        #expect(pairing.pairs.first { $0.role == "Glue/IContainer" }?.right == nil)
        #expect(pairing.pairs.first { $0.role == "Glue/Dynamic" }?.left == nil)
        #expect(
            pairing.pairs.last?.left == "DelegateBackend.swift" && pairing.pairs.last?.right == "DynamicBackend.swift")
    }

    /// The package's own backends: every article file of both is in exactly one pair, no instrumentation file is; delegate and event-enum fill every role of the screens.
    @Test func everyFileOfTwoBackendsOnce() throws {
        let sources = try #require(PackageSources.locate([.built]))
        for (a, b) in [("delegate", "event-enum"), ("delegate", "dynamic"), ("published", "observable")] {
            let left = try #require(BackendRegistry.all.first { $0.info.id == a })
            let right = try #require(BackendRegistry.all.first { $0.info.id == b })
            let pairing = SourcePairing(left, right, in: sources)
            for (backend, side, files) in [
                (left, pairing.left, pairing.pairs.compactMap(\.left)),
                (right, pairing.right, pairing.pairs.compactMap(\.right)),
            ] {
                let expected = sources.swiftFiles(under: PackageSources.folder(of: backend))
                    .filter { !PackageSources.isInstrumentation($0) }
                    .map { String($0.dropFirst(side.folder.count + 1)) }
                #expect(files.sorted() == expected.sorted(), "\(a) ↔ \(b): \(side.backend)")
            }
            let both = pairing.pairs.filter { $0.left != nil && $0.right != nil }.map(\.role)
            #expect(Set(SourcePairing.roleNames).isSubset(of: Set(both)), "\(a) ↔ \(b): \(both)")
        }
    }

    /// Two variants of one approach share their folder: every pair is a file with itself, and no diff has a hunk.
    @Test func variantsShareAFolder() throws {
        let sources = try #require(PackageSources.locate([.built]))
        let observable = try #require(BackendRegistry.all.first { $0.info.id == "observable" })
        let article = try #require(BackendRegistry.all.first { $0.info.id == "observable-article" })
        let pairing = SourcePairing(observable, article, in: sources)
        #expect(pairing.sharesFolder)
        #expect(pairing.pairs.allSatisfy { $0.left == $0.right })
        for pair in pairing.pairs { #expect(try pairing.diff(pair, in: sources).isEmpty, "\(pair.role)") }
    }
}

/// Lines aligned for reading side by side.
@Suite struct FileDiffTests {
    /// A replaced line is a changed row, an extra line a one-sided row; numbers are each side's own.
    @Test func rowsAlignBothSides() {
        let diff = FileDiff(left: ["a", "b", "c", "d"], right: ["a", "B", "c", "x", "d"], context: 0)
        #expect(diff.rows.map(\.kind) == [.same, .changed, .same, .rightOnly, .same])
        #expect(diff.rows[1].left?.text == "b" && diff.rows[1].right?.text == "B")
        #expect(diff.rows[3].left == nil && diff.rows[3].right == FileDiff.Line(number: 4, text: "x"))
        #expect(diff.rows[4].left?.number == 4 && diff.rows[4].right?.number == 5)
        #expect(diff.differingRows == 2)
        #expect(diff.hunks.map(\.rows) == [1..<2, 3..<4])
    }

    /// Changes closer than twice the context are one hunk; a hunk names the lines of each side it shows.
    @Test func hunksTakeTheirContext() {
        let left = (1...20).map { "line \($0)" }
        var right = left
        right[4] = "five"
        right[9] = "ten"
        right.remove(at: 17)
        let diff = FileDiff(left: left, right: right, context: 2)
        #expect(diff.hunks.count == 2)
        #expect(diff.hunks[0].left == 3...12 && diff.hunks[0].right == 3...12)
        #expect(diff.hunks[1].left == 16...20 && diff.hunks[1].right == 16...19)
        #expect(FileDiff(left: left, right: left).isEmpty)
        #expect(FileDiff(left: [], right: ["new"]).hunks.first?.left == nil)
    }

    /// A file's text into lines: a final line break ends the last line, it does not start an empty one.
    @Test func linesOfAText() {
        #expect(FileDiff.lines(of: "") == [])
        #expect(FileDiff.lines(of: "a\nb\n") == ["a", "b"])
        #expect(FileDiff.lines(of: "a\n\nb") == ["a", "", "b"])
    }
}
