import LineEditing
import Playground
import Testing

@testable import Shell

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Presents `text` as `test.session` with `keys` pressed; returns what it showed.
private func present(_ text: String, keys: String) throws -> (shown: String, status: Int32) {
    let output = BufferedOutput()
    let presenter = Presenter(
        session: try session(text), backends: [BackendRegistry.defaultBackend], output: output, color: false,
        keys: ScriptedKeys(keys))
    let status = presenter.run()
    return (output.text, status)
}

@Suite struct SessionsPresenterTests {
    /// Narration shows, each key types the next command and runs it, `b` steps back, and the end says so.
    @Test func stepsThroughNarrationAndCommands() throws {
        let (shown, status) = try present(
            "# Hello.\n> :clock\nanything\n# Now the net.\n> :net\n# Bye.\n", keys: "b b \n ")
        #expect(status == 0)
        #expect(
            shown == """
                test.session: 2 steps. Space or Enter: next, b: back, !: the prompt, q: quit

                Hello.
                bindlab(delegate)> 
                (this is the first step)
                bindlab(delegate)> :clock
                0 ms, turn 0, 0 queued
                clock: auto

                Now the net.
                bindlab(delegate)> 
                (back to step 1 of 2: the steps before it replayed from the start)

                Hello.
                bindlab(delegate)> :clock
                0 ms, turn 0, 0 queued
                clock: auto

                Now the net.
                bindlab(delegate)> :net
                network: latency 1000 ms, failures off

                Bye.
                (the end: b goes back, ! the prompt, q or Space quits)

                """)
    }

    /// Going back replays the earlier steps on a fresh app, so the step runs again exactly as the first time.
    @Test func backReplaysFromTheStart() throws {
        let (shown, _) = try present("> orders load 3\n> orders remove 0\n", keys: "  b q")
        let removals = shown.split(separator: "bindlab(delegate)> orders remove 0\n").dropFirst()
        #expect(removals.count == 2)
        #expect(removals.allSatisfy { $0.contains("Orders (2)") })
        #expect(!shown.contains("Orders (1)"))
    }

    /// `q` quits at once; keys running out end the presentation cleanly; other keys do nothing.
    @Test func quitsAndEnds() throws {
        let (quit, _) = try present("> :clock\n> :net\n", keys: "xq")
        #expect(quit.hasSuffix("bindlab(delegate)> \n"))
        #expect(!quit.contains("clock: auto"))
        let (ran, status) = try present("> :clock\n> :net\n", keys: " ")
        #expect(status == 0)
        #expect(ran.hasSuffix("clock: auto\nbindlab(delegate)> \n"))
    }

    /// Keys mean what the help line says.
    @Test func keysMapToActions() {
        #expect(Presenter.Action(" ") == .next)
        #expect(Presenter.Action("\n") == .next)
        #expect(Presenter.Action("\r") == .next)
        #expect(Presenter.Action("b") == .back)
        #expect(Presenter.Action("q") == .quit)
        #expect(Presenter.Action("!") == .prompt)
        #expect(Presenter.Action("z") == .none)
    }

    /// From a pipe, each line is a key: an empty line is Enter.
    @Test func lineKeysReadOneKeyPerLine() {
        let keys = LineKeys(ScriptedLines(["", "b", "quit"]))
        #expect(keys.nextKey() == "\n")
        #expect(keys.nextKey() == "b")
        #expect(keys.nextKey() == "q")
        #expect(keys.nextKey() == nil)
    }

    /// On a terminal, keys count without Enter and do not echo; Ctrl-C quits; the terminal is put back after.
    @Test func terminalKeysUseRawMode() throws {
        var master: Int32 = -1
        var slave: Int32 = -1
        try #require(openpty(&master, &slave, nil, nil, nil) == 0)
        defer {
            close(master)
            close(slave)
        }

        let keys = try #require(TerminalKeys(descriptor: slave))
        var settings = termios()
        tcgetattr(slave, &settings)
        try #require(settings.c_lflag & tcflag_t(ICANON) == 0)  // else the read below would wait for Enter
        #expect(settings.c_lflag & tcflag_t(ECHO) == 0)
        #expect(settings.c_lflag & tcflag_t(ISIG) == 0)

        _ = write(master, "b\u{3}", 2)
        #expect(keys.nextKey() == "b")
        #expect(keys.nextKey() == "q")

        keys.restore()
        tcgetattr(slave, &settings)
        #expect(settings.c_lflag & tcflag_t(ICANON) != 0)
        #expect(settings.c_lflag & tcflag_t(ECHO) != 0)
        #expect(TerminalKeys(descriptor: -1) == nil)
    }
}
