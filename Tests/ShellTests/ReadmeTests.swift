import CommandLineOptions
import Foundation
import Playground
import Testing

@testable import Shell

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

    /// One command sets up and runs: `.ci/setup` (which updates the package lists before it installs, through sudo only when not root: SetupScriptTests), then bindlab, built as users should run it (release, the Swift libraries linked in: see Docs/performance.md, start-up).
    @Test(arguments: ["README.md", "Docs/workshop.md"])
    func setUpLineWorksOnAFreshMachine(file: String) throws {
        #expect(
            try Self.setUpLine(file)
                == "bash .ci/setup && swift build -c release --static-swift-stdlib --product bindlab && .build/release/bindlab"
        )
    }

    /// What a reader sees names the articles, never an internal "seed 00N": the README, the docs, the sessions' narration, :help and :explain; and the container article is not credited to Tinkoff.
    @Test func articlesAreNamedNotNumbered() throws {
        let files = try FileManager.default.subpathsOfDirectory(atPath: Self.root.path).filter { path in
            path == "README.md" || (path.hasPrefix("Docs/") && path.hasSuffix(".md"))
                || (path.hasPrefix("Sessions/") && path.hasSuffix(".session"))
        }
        #expect(files.count > 10)
        for file in files {
            let text = try String(contentsOf: Self.root.appendingPathComponent(file), encoding: .utf8)
            let lines = text.split(separator: "\n").filter { !file.hasSuffix(".session") || $0.hasPrefix("#") }
            for line in lines {
                #expect(line.range(of: #"seeds? 00\d"#, options: .regularExpression) == nil, "\(file): \(line)")
                // A table row names every article, each in a cell of its own.
                for cell in line.split(separator: "|") {
                    #expect(!(cell.contains("Tinkoff") && cell.contains("Адаптируем")), "\(file): \(line)")
                }
            }
        }
        let help = typed([
            ":help", ":help orders", ":help movies", ":explain " + BackendRegistry.ids.joined(separator: ","),
        ])
        #expect(help.range(of: #"seeds? 00\d"#, options: .regularExpression) == nil)
        #expect(help.contains("Tinkoff, 2020") && help.contains("2024"))
    }

    /// Docs/commands.md's usage block is bindlab's: every subcommand's line, as `bindlab --help` gives it.
    @Test func theCommandsPageHasEveryUsageLine() throws {
        let text = try String(contentsOf: Self.root.appendingPathComponent("Docs/commands.md"), encoding: .utf8)
        let block = try #require(text.components(separatedBy: "## The command line\n\n```\n").dropFirst().first)
        let lines = try #require(block.components(separatedBy: "\n```").first).split(separator: "\n").map(String.init)
        #expect(lines == ([Subcommand.shell] + Subcommand.all).flatMap(\.usageLines) + ["bindlab --help | --version"])
    }
}
