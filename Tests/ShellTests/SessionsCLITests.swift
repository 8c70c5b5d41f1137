import Foundation
import LineEditing
import Playground
import Testing

@testable import Shell

@Suite struct SessionsCLITests {
    /// `run` prints each input after the prompt, then what it printed, and skips expected output and narration; a line that failed makes it exit 2.
    @Test func runPrintsTheTranscript() throws {
        let folder = try TemporaryFolder()
        let file = try folder.write("a.session", "# words\n> :clock\nstale expectation\n> bogus\n")
        let result = runCLI(["run", file])
        #expect(result.status == 2, "'bogus' failed, as a piped script's failed line does")
        #expect(
            result.text == """
                bindlab(delegate)> :clock
                0 ms, turn 0, 0 queued
                clock: auto
                bindlab(delegate)> bogus
                error: unknown command 'bogus' (try :help)

                """)
        #expect(runCLI(["run", folder.path + "/none.session"]).status == 2)
        let clean = try folder.write("b.session", "> :clock\n")
        #expect(runCLI(["run", clean]).status == 0)
    }

    /// A file that is not a session gets one line saying so, and an empty file is not a pass: both exit 2.
    @Test func notASessionIsOneLineAndNoPass() throws {
        let folder = try TemporaryFolder()
        let passwd = try folder.write(
            "passwd", (0..<30).map { "user\($0):x:\($0):\($0)::/home:/bin/sh" }.joined(separator: "\n"))
        let empty = try folder.write("empty.session", "")
        let checked = runCLI(["check", passwd])
        #expect(checked.status == 2)
        #expect(
            checked.text.split(separator: "\n").filter { $0.contains("error:") } == [
                "\(passwd): error: not a session: no line is an input ('> COMMAND'); see Docs/sessions.md"
            ])
        let none = runCLI(["check", empty])
        #expect(none.status == 2)
        #expect(none.text.contains("\(empty): error: empty: a session has at least one input line ('> COMMAND')"))
        #expect(none.text.hasSuffix("0 passed, 1 failed\n"))
        #expect(runCLI(["run", empty]).status == 2)
    }

    /// `run` on a folder runs the sessions in it and below, in name order, each under its file's name.
    @Test func runFolderNamesEachFile() throws {
        let folder = try TemporaryFolder()
        try folder.write("b.session", "> :clock auto\n")
        try FileManager.default.createDirectory(atPath: folder.path + "/sub", withIntermediateDirectories: false)
        try folder.write("sub/a.session", "> :trace off\n")
        try folder.write("notes.txt", "> bogus\n")
        let result = runCLI(["run", folder.path])
        #expect(result.status == 0)
        #expect(
            result.text == """
                ==> \(folder.path)/b.session <==
                bindlab(delegate)> :clock auto
                0 ms, turn 0, 0 queued
                clock: auto

                ==> \(folder.path)/sub/a.session <==
                bindlab(delegate)> :trace off
                trace off

                """)
    }

    /// `check` on a folder finds the sessions in it and below; when they match it prints only the summary line and exits 0.
    @Test func checkPassing() throws {
        let folder = try TemporaryFolder()
        try folder.write("a.session", "> :clock\n0 ms, turn 0, 0 queued\nclock: [..]\n")
        try FileManager.default.createDirectory(atPath: folder.path + "/sub", withIntermediateDirectories: false)
        try folder.write("sub/b.session", "> :net\n...\n")
        try folder.write("notes.txt", "not a session")
        let result = runCLI(["check", folder.path])
        #expect(result.status == 0)
        #expect(result.text == "2 passed, 0 failed\n")
        let all = runCLI(["check", "--backend", "all", folder.path])
        let count = BackendRegistry.inAll.count
        #expect(
            all.text
                == "\(2 * count) passed, 0 failed\nset-up: all green — \(count) backend\(count == 1 ? "" : "s") × 2 sessions\n"
        )
    }

    /// A mismatch names FILE:LINE, shows a unified diff without colours off a terminal, and exits 1.
    @Test func checkFailing() throws {
        let folder = try TemporaryFolder()
        let file = try folder.write("a.session", "# words\n> :clock\n0 ms, turn 0, 0 queued\nclock: manual\n")
        let result = runCLI(["check", file])
        #expect(result.status == 1)
        #expect(
            result.text == """
                \(file):2: ':clock' printed something else on delegate
                --- \(file) (expected)
                +++ \(file) (actual, delegate)
                @@ -1,4 +1,4 @@
                 # words
                 > :clock
                 0 ms, turn 0, 0 queued
                -clock: manual
                +clock: auto
                failed: \(file) on delegate
                0 passed, 1 failed

                """)
        let coloured = runCLI(["check", file], terminal: true)
        #expect(coloured.text.contains("\u{1B}[31m-clock: manual\u{1B}[0m"))
        #expect(!runCLI(["check", file], variables: ["NO_COLOR": "1"], terminal: true).text.contains("\u{1B}"))
    }

    /// With several backends, the summary says which backend failed which session.
    @Test func checkSaysWhichBackendFailed() throws {
        let folder = try TemporaryFolder()
        let file = try folder.write("a.session", "> :backends\n* delegate[..]\n...\n")
        let result = runCLI(["check", "--backend", "all", file])
        let others = BackendRegistry.inAll.map(\.info.id).dropFirst()
        #expect(result.status == (others.isEmpty ? 0 : 1))
        if !others.isEmpty {
            #expect(result.text.contains("failed: \(file) on \(others.joined(separator: ", "))\n"))
            #expect(result.text.contains("\n1 passed, \(others.count) failed\nset-up: \(others.count) failure"))
        }
    }

    /// Problems in the files are `FILE:LINE: error: …` lines and exit 2; the other files are still checked.
    @Test func checkReportsFileErrors() throws {
        let folder = try TemporaryFolder()
        let good = try folder.write("good.session", "> :clock\n...\n")
        let bad = try folder.write("bad.session", "oops\n> :clock\n")
        let result = runCLI(["check", good, bad, folder.path + "/missing.session"])
        #expect(result.status == 2)
        #expect(result.text.contains("\(bad):1: error: expected output before any input"))
        #expect(
            result.text.contains("\(folder.path)/missing.session: error: cannot read it: no such file or directory"))
        #expect(result.text.hasSuffix("1 passed, 2 failed\n"))
    }

    /// Bad command lines are usage errors, exit 2.
    @Test func usageErrors() {
        #expect(runCLI(["check"]).status == 2)
        #expect(runCLI(["check", "--frobnicate", "x.session"]).status == 2)
        #expect(runCLI(["run", "--update", "x.session"]).status == 2)
        #expect(runCLI(["check", "--backend"]).status == 2)
        #expect(runCLI(["check", "--backend", "nope", "x.session"]).text.contains("unknown backend 'nope'"))
        #expect(runCLI(["present", "a.session", "b.session"]).status == 2)
        #expect(runCLI(["--help"]).text.contains("bindlab check [--backend LIST] [--update] FILE…|DIR…"))
    }

    /// `present` off a terminal reads one key per line.
    @Test func presentFromAPipe() throws {
        let folder = try TemporaryFolder()
        let file = try folder.write("a.session", "# Look.\n> :clock\n")
        let result = runCLI(["present", file], stdin: ["", ""])
        #expect(result.status == 0)
        #expect(result.text.contains("Look.\nbindlab(delegate)> :clock\n0 ms, turn 0, 0 queued\n"))
        #expect(result.text.contains("(the end: b goes back, ! the prompt, q or Space quits)"))
    }
}
