import Foundation
import Testing

/// The set-up line the README and the workshop guide give a newcomer.
@Suite struct ReadmeTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The first shell command of `file`'s first `sh` block.
    static func setUpLine(_ file: String) throws -> String {
        let text = try String(contentsOf: root.appendingPathComponent(file), encoding: .utf8)
        let block = try #require(text.components(separatedBy: "```sh\n").dropFirst().first)
        return try #require(block.split(separator: "\n").first.map(String.init))
    }

    /// One command sets up and runs: the package lists are updated before the install (a fresh Debian has none), sudo only when not root, and bindlab runs last.
    @Test(arguments: ["README.md", "Docs/workshop.md"])
    func setUpLineWorksOnAFreshMachine(file: String) throws {
        let line = try Self.setUpLine(file)
        let update = try #require(line.range(of: "apt-get update && "))
        let install = try #require(line.range(of: "apt-get install -y libedit-dev libsqlite3-dev"))
        #expect(update.upperBound <= install.lowerBound)
        #expect(line.hasPrefix(#"$([ "$(id -u)" = 0 ] || echo sudo) sh -c '"#))
        #expect(line.hasSuffix("' && swift run bindlab"))
    }
}
