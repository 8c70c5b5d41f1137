import LineEditing
import Playground
import Testing

@testable import Shell

#if canImport(Glibc)
    import Glibc
#endif

/// Presents `text` as `test.session`, its keys and the live prompt's lines read from `lines`; returns what it showed.
private func present(_ text: String, lines: [String]) throws -> (shown: String, status: Int32) {
    let output = BufferedOutput()
    let presenter = Presenter(
        session: try session(text), backends: [BackendRegistry.defaultBackend], output: output, color: false,
        keys: LineKeys(ScriptedLines(lines)))
    let status = presenter.run()
    return (output.text, status)
}

@Suite struct PresenterPromptTests {
    /// `!` hands the prompt back at the current step; what is typed runs on the same playground; :resume goes on from there.
    @Test func theKeyHandsThePromptBackAndResumeGoesOn() throws {
        let (shown, status) = try present(
            "> orders load 3\n# Now a removal.\n> orders remove 0\n",
            lines: ["", "!", "orders rename 0 Box", ":resume", "", "q"])
        #expect(status == 0)
        #expect(
            shown.contains(
                """
                bindlab(delegate)> 
                (the prompt, at step 2 of 2: any command; :resume or Ctrl-D goes back to the session)
                bindlab(delegate)> orders rename 0 Box
                [1000 ms]
                """))
        #expect(
            shown.contains(
                "bindlab(delegate)> :resume\n(back to the session, at step 2 of 2)\nbindlab(delegate)> orders remove 0\n"
            ))
        // The removal ran on the list the prompt renamed: the row it took was Box.
        let removal = try #require(shown.split(separator: "> orders remove 0\n").last)
        #expect(removal.contains("Orders (2)"))
        #expect(!removal.contains("Box"))
        #expect(shown.contains("(the end: b goes back, ! the prompt, q or Space quits)"))
    }

    /// :save at the live prompt writes the steps presented and the lines typed there, and check passes on it.
    @Test func saveAtThePromptKeepsTheStepsAndTheLines() throws {
        let folder = try TemporaryFolder()
        let file = folder.path + "/from-present.session"
        let (shown, _) = try present(
            "> orders load 3\n> orders remove 0\n",
            lines: ["", "!", "orders rename 0 Box", ":save \(file)", ":resume", "q"])
        #expect(shown.contains("saved 2 commands to \(file)"))
        #expect(try Session.load(file).inputs == ["orders load 3", "orders rename 0 Box"])
        #expect(runCLI(["check", file]).status == 0)
    }

    /// The session's own lines still write nothing: the prompt's are the user's.
    @Test func theSessionsOwnLinesStillWriteNothing() throws {
        let folder = try TemporaryFolder()
        let file = folder.path + "/by-the-session.session"
        let (shown, _) = try present("> :save \(file)\n", lines: [""])
        #expect(shown.contains("not written: a session being replayed writes no files"))
        #expect(access(file, F_OK) != 0)
    }

    /// The end of the input at the prompt ends the presentation; :quit there does too; :resume outside one is an error.
    @Test func theEndsOfThePrompt() throws {
        let (ended, status) = try present("> :clock\n> :net\n", lines: ["!", ":clock"])
        #expect(status == 0)
        #expect(ended.hasSuffix("clock: auto\n(back to the session, at step 1 of 2)\nbindlab(delegate)> \n"))
        let (quit, _) = try present("> :clock\n> :net\n", lines: ["!", ":quit", ""])
        #expect(!quit.contains("(back to the session"))
        #expect(!quit.contains("network:"))
        let (outside, _) = try present("> :resume\n", lines: [""])
        #expect(outside.contains("error: nothing to resume: :resume goes back to a presentation"))
    }

    /// Keys given up front have no lines for a prompt: `!` says so and the presentation goes on.
    @Test func scriptedKeysHaveNoPrompt() throws {
        let output = BufferedOutput()
        let presenter = Presenter(
            session: try session("> :clock\n"), backends: [BackendRegistry.defaultBackend], output: output,
            color: false,
            keys: ScriptedKeys("! "))
        _ = presenter.run()
        #expect(output.text.contains("(no prompt here: the keys come from a script)\nbindlab(delegate)> :clock\n"))
    }

    /// A quiz presented to the room shows its questions with the blank, before the key runs the command.
    @Test func aQuizsQuestionsAreShownToTheRoom() throws {
        let (shown, _) = try present("#? How many orders?\n#= ┌─ Orders (???) ─[..]\n> orders load 3\n", lines: [""])
        #expect(shown.contains("\nQ: How many orders?\n    ┌─ Orders (???) ─…\nbindlab(delegate)> orders load 3\n"))
    }

    /// A Ctrl-D typed while the terminal was still canonical quits, rather than turning into a NUL when raw mode
    /// starts; the terminal's end-of-file character is put back after.
    @Test func aCtrlDTypedBeforeRawModeQuits() throws {
        var master: Int32 = -1
        var slave: Int32 = -1
        try #require(openpty(&master, &slave, nil, nil, nil) == 0)
        defer {
            close(master)
            close(slave)
        }
        _ = write(master, "\u{4}", 1)  // canonical: an end-of-file mark, not a byte
        var waiting = pollfd(fd: slave, events: Int16(POLLIN), revents: 0)
        try #require(poll(&waiting, 1, 1000) == 1)
        let keys = try #require(TerminalKeys(descriptor: slave))
        #expect(keys.nextKey() == "q")
        keys.suspend()
        var settings = termios()
        tcgetattr(slave, &settings)
        #expect(settings.c_lflag & tcflag_t(ICANON) != 0)
        keys.resume()
        tcgetattr(slave, &settings)
        #expect(settings.c_lflag & tcflag_t(ICANON) == 0)
        _ = write(master, "b", 1)
        #expect(keys.nextKey() == "b")
        keys.restore()
        tcgetattr(slave, &settings)
        #expect(settings.c_lflag & tcflag_t(ICANON) != 0)
        #expect(withUnsafeBytes(of: settings.c_cc) { $0[Int(VEOF)] } == 4)
    }
}
