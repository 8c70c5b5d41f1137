import Playground
import Testing

@testable import Shell

/// The last line of the workshop's set-up check, `bindlab check --backend all Sessions/`.
@Suite struct SetupVerdictTests {
    static let three = ["delegate", "event", "observable"]

    /// Nothing failed: all green, with how many backends and sessions were checked.
    @Test func allGreenSaysWhatWasChecked() {
        let verdict = SetupVerdict(backends: Self.three, sessions: 40, failures: [])
        #expect(verdict.green)
        #expect(verdict.line(matrix: Self.three) == "set-up: all green — 3 backends × 40 sessions")
        #expect(
            SetupVerdict(backends: ["delegate"], sessions: 1, failures: []).sentence
                == "set-up: all green — 1 backend × 1 session")
    }

    /// Failures on one backend: how many, where, and the one command that shows the first.
    @Test func failuresNameTheBackendAndTheCommand() {
        let failures = [
            SetupVerdict.Failure(file: "Sessions/04-a.session", backends: ["event"], unread: false),
            SetupVerdict.Failure(file: "Sessions/07-b.session", backends: ["event"], unread: false),
        ]
        let verdict = SetupVerdict(backends: Self.three, sessions: 40, failures: failures)
        #expect(!verdict.green)
        #expect(
            verdict.sentence
                == "set-up: 2 failures on event — run bindlab check --backend event Sessions/04-a.session"
                + " and show the presenter its diff")
    }

    /// A session that fails everywhere says "every backend", not eleven names; more than three are cut.
    @Test func manyBackendsAreSaidShort() {
        let everywhere = SetupVerdict(
            backends: Self.three, sessions: 2,
            failures: [.init(file: "a.session", backends: Self.three, unread: false)])
        #expect(
            everywhere.sentence.hasPrefix(
                "set-up: 3 failures on every backend — run bindlab check --backend delegate a.session"))
        let five = ["a", "b", "c", "d", "e", "f"]
        let most = SetupVerdict(
            backends: five, sessions: 1,
            failures: [.init(file: "x.session", backends: Array(five.prefix(5)), unread: false)])
        #expect(most.sentence.hasPrefix("set-up: 5 failures on a, b, c and 2 more — "))
    }

    /// A file that could not be read is named first, apart from the backends' failures.
    @Test func unreadFilesComeFirst() {
        let verdict = SetupVerdict(
            backends: Self.three, sessions: 3,
            failing: [
                ("bad.session", Self.three, true), ("good.session", ["observable"], false),
            ], errors: true)
        #expect(
            verdict.sentence
                == "set-up: 1 session file not read — fix bad.session (its error is above); 1 failure on observable"
                + " — run bindlab check --backend observable good.session and show the presenter its diff")
    }

    /// An error with no failure (a folder with no sessions beside good ones) is not all green.
    @Test func anErrorIsNeverGreen() {
        let verdict = SetupVerdict(backends: Self.three, sessions: 5, failures: [], errors: true)
        #expect(!verdict.green)
        #expect(verdict.sentence == "set-up: a folder could not be searched (its error is above)")
        #expect(SetupVerdict(backends: Self.three, sessions: 0, failures: []).sentence.hasPrefix("set-up: no session"))
    }

    /// Said only when every backend of the matrix was checked.
    @Test func onlyAfterEveryBackend() {
        let verdict = SetupVerdict(backends: ["delegate"], sessions: 1, failures: [])
        #expect(verdict.line(matrix: Self.three) == nil)
        #expect(verdict.line(matrix: ["delegate"]) != nil)
    }

    /// `check --backend all` ends with the verdict; `check` on one backend does not.
    @Test func checkAllEndsWithIt() throws {
        let folder = try TemporaryFolder()
        try folder.write("a.session", "> :clock\n0 ms, turn 0, 0 queued\nclock: [..]\n")
        let count = BackendRegistry.inAll.count
        let all = runCLI(["check", "--backend", "all", folder.path])
        #expect(all.status == 0)
        #expect(
            all.text.hasSuffix(
                "\(count) passed, 0 failed\nset-up: all green — \(count) backend\(count == 1 ? "" : "s") × 1 session\n")
        )
        if count > 1 { #expect(runCLI(["check", folder.path]).text == "1 passed, 0 failed\n") }
        let failing = try folder.write("b.session", "> :clock\n0 ms, turn 0, 0 queued\nclock: manual\n")
        let red = runCLI(["check", "--backend", "all", folder.path])
        #expect(red.status == 1)
        #expect(
            red.text.hasSuffix(" — run bindlab check --backend delegate \(failing) and show the presenter its diff\n"))
    }
}
