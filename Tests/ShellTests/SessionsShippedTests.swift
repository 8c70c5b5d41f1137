import Playground
import Testing

@testable import Shell

/// The sessions shipped in `Sessions/`, found next to this file's package.
enum ShippedSessions {
    /// `…/Sessions`, from `…/Tests/ShellTests/ThisFile.swift`.
    static let folder: String = {
        var path = #filePath
        for _ in 0..<3 { path = SessionFiles.folder(of: path) ?? "." }
        return path + "/Sessions"
    }()

    /// Every session file there, as `Sessions/…`, sorted.
    static let names: [String] = ((try? SessionFiles.sessions(in: folder)) ?? []).map {
        "Sessions/" + $0.dropFirst(folder.count + 1)
    }

    /// What the tests over every session run on: the names, or, when none
    /// was found, one name saying so, so that the tests fail rather than
    /// pass having checked nothing.
    static let checked: [String] = names.isEmpty ? [missing] : names

    /// The name that stands for no session found.
    static let missing = "(no .session file in \(folder))"
}

@Suite struct SessionsShippedTests {
    /// Every shipped session prints what it expects on every registered backend, each on a fresh shell.
    @Test(arguments: ShippedSessions.checked, BackendRegistry.inAll.map(\.info.id))
    func shippedSessionHolds(name: String, backend id: String) throws {
        try #require(name != ShippedSessions.missing, "no shipped session was found: \(name)")
        let path = ShippedSessions.folder + "/" + name.dropFirst("Sessions/".count)
        let session = try Session.load(path, name: name)
        let backend = try #require(BackendRegistry.backend(id))
        let outcome = SessionRunner.check(session, on: backend)
        let passed = outcome.passed
        #expect(
            passed,
            "\(outcome.report(style: Style(enabled: false)).joined(separator: "\n"))\nIf the new output is right, re-record it: bindlab check --update --backend all \(name)"
        )
    }

    /// The sessions the project promises are there: the tour, the orders screen's behaviours, bad input.
    @Test func promisedSessionsAreShipped() {
        let names = Set(ShippedSessions.names)
        for promised in [
            "01-tour", "02-orders-load", "03-orders-select-back", "04-orders-rename-remove", "05-orders-scale",
            "06-bad-input",
        ] {
            #expect(names.contains("Sessions/\(promised).session"))
        }
    }

    /// Every shipped session teaches: it has narration before its first command.
    @Test(arguments: ShippedSessions.checked)
    func shippedSessionIsNarrated(name: String) throws {
        try #require(name != ShippedSessions.missing, "no shipped session was found: \(name)")
        let session = try Session.load(ShippedSessions.folder + "/" + name.dropFirst("Sessions/".count), name: name)
        let first = try #require(session.blocks.first)
        #expect(!first.narration.isEmpty)
    }
}
