import Foundation
import Testing

/// What keeps the program's start-up short (Docs/performance.md, start-up).
@Suite struct StartupTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// No source file of the program imports Foundation, and no target declares SwiftPM resources (their generated accessor imports it): the loader would relocate Foundation and ICU at every start.
    @Test func theProgramLinksNoFoundation() throws {
        let sources = Self.root.appendingPathComponent("Sources")
        let files = try FileManager.default.subpathsOfDirectory(atPath: sources.path).filter { $0.hasSuffix(".swift") }
        #expect(files.count > 50)
        let importLine =
            #"^\s*(@[\w()]+\s+)*((public|package|internal|fileprivate|private)\s+)?import\s+Foundation\w*\b"#
        for file in files {
            let text = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
            for line in text.split(separator: "\n") {
                #expect(line.range(of: importLine, options: .regularExpression) == nil, "Sources/\(file): \(line)")
            }
        }
        let manifest = try String(contentsOf: Self.root.appendingPathComponent("Package.swift"), encoding: .utf8)
        #expect(!manifest.contains("resources:"))
    }
}
