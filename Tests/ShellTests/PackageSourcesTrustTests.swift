import BindingKit
import Experiments
import Foundation
import Playground
import Testing

@testable import Shell

/// Issue 22, item 4: `:source` and `:probe glue` read the package's own
/// sources only, regular files, bounded in size.
@Suite struct PackageSourcesTrustTests {
    /// `:source` reads the package's own regular files only: a link out of the package (to a secret, or to `/proc/kmsg`, which hangs a read) is one line saying so, never read.
    @Test func sourceReadsNoLinkOutOfThePackage() throws {
        let secret = try TemporaryFolder()
        let target = try secret.write("shadow", "root:SECRET:19000:0:99999:7:::\n")
        let root = try SourceCommandTests.package([
            "Sources/Backends/Delegate/Orders/OrdersViewModel.swift": Array("final class OrdersViewModel {}\n".utf8)
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(
            atPath: root.path + "/Sources/Backends/Delegate/Glue", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            atPath: root.path + "/Sources/Backends/Delegate/Glue/Leak.swift", withDestinationPath: target)
        let (lines, error) = try SourceCommandTests.run(":source delegate Leak", root: root.path)
        #expect(!(lines + [error ?? ""]).joined().contains("SECRET"), "\(lines) \(error ?? "")")
        #expect(error?.contains("it is a link out of the package") == true, "\(lines) \(error ?? "")")
        let sources = PackageSources(root: root.path)
        #expect(throws: PackageSources.ReadError.self) {
            try sources.text(of: "Sources/Backends/Delegate/Glue/Leak.swift")
        }
        // A folder of the backend that is a link out of the package lists nothing.
        try FileManager.default.createSymbolicLink(
            atPath: root.path + "/Sources/Backends/Delegate/Movies", withDestinationPath: secret.path)
        try secret.write("Outside.swift", "final class Outside {}\n")
        #expect(sources.swiftFiles(under: "Sources/Backends/Delegate/Movies").isEmpty)
    }

    /// `:probe glue` counts the package bindlab was built from, whatever the current folder holds (a clone with its own `Sources/`, links planted in it).
    @Test func glueCountsTheBuiltPackageNotTheCurrentFolder() throws {
        let root = try SourceCommandTests.package([
            "Sources/Backends/Delegate/Glue/Fake.swift": Array("let a = 1\nlet b = 2\n".utf8)
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        let program = String(BenchProgram.besideThisProgram().path.dropLast("bindlab-bench".count)) + "bindlab"
        let (text, status) = try runProgram(program, ["-c", ":probe glue"], in: root)
        #expect(status == 0, "\(text)")
        let row = text.split(separator: "\n").first { $0.hasPrefix("delegate ") }?.split(separator: " ")
        #expect(row?.prefix(3) != ["delegate", "1", "2"], "the fake's one file of 2 lines: \(text)")
        #expect(text.contains("Sources/Backends/Delegate/Glue"), "\(text)")
    }
}
