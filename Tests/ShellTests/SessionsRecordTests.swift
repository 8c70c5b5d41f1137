import Playground
import Testing

@testable import Shell

@Suite struct SessionsRecordTests {
    /// `:record` writes inputs and their output, narration typed with `#`, no colours, and not its own commands.
    @Test func recordsWhatIsTyped() throws {
        let folder = try TemporaryFolder()
        let file = folder.path + "/live.session"
        let shown = typed(
            [
                ":clock manual", ":record \(file)", "orders load 2", "# It is in flight.", ":wait", "bogus", "",
                ":record stop", ":clock",
            ],
            color: true)
        #expect(shown.contains("recording to \(file), from a fresh start on delegate; :record stop ends it"))
        #expect(shown.contains("recorded 4 commands to \(file)"))
        let text = try folder.read("live.session")
        #expect(text.hasPrefix("# Recorded with :record on delegate."))
        // The clock mode set before recording comes first, so that the file replays the same.
        #expect(text.contains("\n\n> :clock manual\n0 ms, turn 0, 0 queued\nclock: manual\n"))
        #expect(text.contains("\n\n# It is in flight.\n> :wait\n[1000 ms]\n"))
        #expect(text.contains("\n\n> bogus\nerror: unknown command 'bogus' (try :help)\n"))
        #expect(!text.contains("> :record"))
        #expect(!text.contains("\u{1B}"))
        #expect(runCLI(["check", file]).status == 0)
    }

    /// Errors of a piped script lose their location in the file, as a replay prints them unlocated.
    @Test func recordingAScriptDropsErrorLocations() throws {
        let folder = try TemporaryFolder()
        let file = folder.path + "/script.session"
        let result = runCLI([], stdin: [":record \(file)", "ordrs", ":record stop"])
        #expect(result.text.contains("<stdin>:2: error: unknown command 'ordrs'"))
        #expect(
            try folder.read("script.session").contains(
                "\n> ordrs\nerror: unknown command 'ordrs'; did you mean 'orders'? (try :help)\n"))
        #expect(runCLI(["check", file]).status == 0)
    }

    /// `:record` will not replace a file, start twice, or stop what was not started.
    @Test func recordMisuseIsExplained() throws {
        let folder = try TemporaryFolder()
        let existing = try folder.write("taken.session", "# mine\n")
        let file = folder.path + "/new.session"
        let shown = typed([
            ":record \(existing)", ":record stop", ":record \(file)", ":record \(file)", ":record", ":record stop",
        ])
        #expect(shown.contains("error: \(existing): it exists already: choose a new name, or delete it first"))
        #expect(shown.contains("error: not recording (:record FILE starts)"))
        #expect(shown.contains("error: recording to \(file) already; :record stop ends it"))
        #expect(shown.contains("error: name a new file, or say stop (usage: :record FILE | :record stop)"))
        #expect(try folder.read("taken.session") == "# mine\n")
    }

    /// `:run` replays a file as if typed; paths inside a session start from its folder; a session cannot run itself.
    @Test func runReplaysAndRefusesItself() throws {
        let folder = try TemporaryFolder()
        try folder.write("inner.session", "# Words are not replayed.\n> :clock\nexpected output is not checked\n")
        let outer = try folder.write(
            "outer.session", "> :run inner.session\n> :run outer.session\n> :run missing.session\n")
        let session = try Session.load(outer, name: "outer.session")
        let outputs = SessionRunner.outputs(of: session, on: [BackendRegistry.defaultBackend])
        #expect(outputs[0] == ["bindlab(delegate)> :clock", "0 ms, turn 0, 0 queued", "clock: auto"])
        #expect(outputs[1] == ["error: outer.session is being replayed already: a session cannot run itself"])
        #expect(outputs[2] == ["error: missing.session: cannot read it: no such file or directory"])
    }

    /// `:run` names a broken file's line, and the shell goes on.
    @Test func runReportsFileErrors() throws {
        let folder = try TemporaryFolder()
        let broken = try folder.write("broken.session", bytes: Array("> :clock\n[nobody] x\n".utf8))
        let shown = typed([":run \(broken)", ":clock"])
        #expect(shown.contains("error: \(broken):2: unknown backend 'nobody' in the line's prefix"))
        #expect(shown.contains("clock: auto"))
    }
}
