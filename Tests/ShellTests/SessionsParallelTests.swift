import Foundation
import LineEditing
import Playground
import Testing

@testable import Shell

/// `bindlab ARGUMENTS` in-process, its checks run as `schedule` says.
private func runChecks(_ arguments: [String], _ schedule: SessionRunner.Schedule) -> (text: String, status: Int32) {
    runCLI(arguments, checks: schedule)
}

@Suite struct SessionsParallelTests {
    /// Sessions that pass, fail on some backends or on all, choose their own backends first thing (one
    /// of them failing on one backend only) or later, fail to `:use`, or cannot be read: checked on the cores, they
    /// print byte for byte what checking them one by one prints, in the files' order, every time.
    @Test func parallelChecksPrintWhatSequentialChecksPrint() throws {
        let folder = try TemporaryFolder()
        let first = try #require(BackendRegistry.inAll.first?.info.id)
        let last = try #require(BackendRegistry.inAll.last?.info.id)
        try folder.write("a-passes.session", "> :clock\n0 ms, turn 0, 0 queued\nclock: auto\n")
        // Chooses its backend, and expects a line from the check of `first` only: fails there alone.
        try folder.write(
            "b-chooses.session",
            "> :use \(last)\nusing \(last)\n> :clock\n0 ms, turn 0, 0 queued\n[\(first)] only on the first\nclock: auto\n"
        )
        try folder.write("c-fails.session", "> :clock\n0 ms, turn 0, 0 queued\nclock: manual\n")
        try folder.write("d-broken.session", "oops\n> :clock\n")
        // Starts on the backend checked: passes on `first` only.
        try folder.write("e-starts.session", "> :backends\n* \(first)[..]\n...\n")
        // A `:use` that fails leaves the backend checked in use: passes on `first` only.
        try folder.write("f-use-fails.session", "> :use nosuch\n...\n> :backends\n* \(first)[..]\n...\n")
        try folder.write("g-chooses-all.session", "> :use all\n...\n> :clock\n...\n")
        // Chooses its backend later: passes on `first` only (its first line), the rest shared.
        try folder.write(
            "h-chooses-later.session",
            "> :backends\n* \(first)[..]\n...\n> :net latency 5ms\n...\n> :use \(last)\nusing \(last)\n> :net\n...\n")
        let arguments = ["check", "--backend", "all", folder.path]
        let sequential = runChecks(arguments, .sequential)
        let parallel = runChecks(arguments, .parallel)
        #expect(parallel.text == sequential.text)
        #expect(parallel.status == sequential.status)
        #expect(parallel.status == 2, "a file could not be read")
        for _ in 0..<3 { #expect(runChecks(arguments, .parallel).text == parallel.text) }
        // The order is the files': reports, then the failed lines, then the count.
        let text = parallel.text
        let marks = [
            "b-chooses.session:3:", "c-fails.session:1:", "d-broken.session:1: error:", "e-starts.session:1:",
            "f-use-fails.session:3:", "h-chooses-later.session:1:",
            "failed: \(folder.path)/b-chooses.session on \(first)\n",
            "failed: \(folder.path)/c-fails.session on", "failed: \(folder.path)/d-broken.session (not checked",
            "failed: \(folder.path)/e-starts.session on", "failed: \(folder.path)/f-use-fails.session on",
            "failed: \(folder.path)/h-chooses-later.session on", " passed, ",
        ]
        let found = marks.map { text.range(of: $0)?.lowerBound }
        #expect(!found.contains(nil), "\(text)")
        let positions = found.compactMap(\.self)
        #expect(positions == positions.sorted(), "\(text)")
        let others = BackendRegistry.inAll.count - 1
        let failed = 1 + (others + 1) + (others + 1) + others + others + others
        #expect(text.contains("\n\(8 * (others + 1) - failed) passed, \(failed) failed\n"))
    }

    /// The shipped sessions, on three backends (the first, the last and one between) and in each
    /// file's order: checked on the cores, every session that chooses its backends replayed once,
    /// they print what checking each session on each backend one by one prints.
    @Test func shippedSessionsPrintTheSameInParallel() throws {
        try #require(!ShippedSessions.names.isEmpty, "no shipped session was found")
        let all = BackendRegistry.inAll.map(\.info.id)
        let backends = [all[0], all[all.count / 2], all[all.count - 1]]
        let arguments = ["check", "--backend", backends.joined(separator: ","), ShippedSessions.folder]
        let sequential = runChecks(arguments, .sequential)
        let parallel = runChecks(arguments, .parallel)
        #expect(parallel.text == sequential.text)
        #expect(parallel.status == sequential.status)
        #expect(sequential.text.contains(" passed, 0 failed\n"), "\(sequential.text)")
    }

    /// A session is replayed once for every backend only when its first line is a `:use` that succeeds.
    @Test func onlyASucceedingFirstUseChoosesTheBackends() throws {
        func chosen(_ text: String) throws -> Int? { SessionRunner.backendsChosen(by: try session(text)) }
        #expect(try chosen("> :use delegate\n...\n") == 1)
        #expect(try chosen("> :use delegate,output\n...\n") == 2)
        #expect(try chosen("> :use all\n...\n") == BackendRegistry.inAll.count)
        #expect(try chosen("> :use nosuch\n...\n") == nil)
        #expect(try chosen("> :use\n...\n") == nil)
        #expect(try chosen("> :use delegate output\n...\n") == nil)
        #expect(try chosen("> :clock\n...\n> :use delegate\n...\n") == nil)
    }

    /// `concurrentMap` hands back every result in index order, however the work is spread.
    @Test func concurrentMapKeepsTheOrder() {
        for threads in [1, 2, 8] {
            let results = concurrentMap(100, threads: threads) { index in
                // Earlier indices take longer, so that later ones finish first.
                var total = 0
                for step in 0..<((100 - index) * 1000) { total &+= step }
                return (index, total >= 0)
            }
            #expect(results.map(\.0) == Array(0..<100))
        }
        #expect(concurrentMap(0, threads: 4) { $0 }.isEmpty)
    }
}

extension SessionsParallelTests {
    /// What a shell keeps over `:use` tells two shells apart when a setting differs, not when only
    /// their backends do.
    @Test func settingsTellShellsApartButNotTheirBackends() throws {
        let ids = BackendRegistry.inAll.map(\.info.id)
        func settings(_ lines: [String], on id: String) throws -> [String] {
            let text = lines.map { "> \($0)\n...\n" }.joined() + "> :use delegate\n...\n"
            let parsed = try session(text)
            let backend = try #require(BackendRegistry.backend(id))
            return SessionRunner.outputs(of: parsed, on: [backend], notingSettingsAt: lines.count, stoppingThere: true)
                .settings
        }
        let plain = try settings(["orders load 3"], on: ids[0])
        #expect(!plain.isEmpty)
        #expect(try settings(["orders load 3"], on: ids[ids.count - 1]) == plain)
        for changed in [":net latency 5ms", ":net fail next", ":clock manual", ":width 100", ":trace on", ":quit"] {
            #expect(try settings(["orders load 3", changed], on: ids[0]) != plain, "\(changed)")
        }
    }
}
