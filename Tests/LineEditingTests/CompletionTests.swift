import Testing

@testable import LineEditing

/// What Tab does, decided without a terminal.
@Suite struct CompletionTests {
    /// One candidate completes the word and adds a space.
    @Test func singleCandidate() {
        #expect(Completion.action(line: ":h", candidates: [":help"]) == .insert("elp ", replacing: 0))
        #expect(Completion.action(line: "orders ", candidates: ["load"]) == .insert("load ", replacing: 0))
    }

    /// A word already complete gets just the space.
    @Test func completeWordGetsASpace() {
        #expect(Completion.action(line: ":help", candidates: [":help"]) == .insert(" ", replacing: 0))
    }

    /// A directory gets no space, so the path can go on.
    @Test func directoryGetsNoSpace() {
        #expect(
            Completion.action(line: ":run Sess", candidates: ["Sessions/"])
                == .insert("ions/", replacing: 0))
    }

    /// Several candidates insert what they share.
    @Test func sharedPrefix() {
        #expect(
            Completion.action(line: ":bac", candidates: [":backends", ":backend-x"])
                == .insert("kend", replacing: 0))
    }

    /// When they share nothing more, they are listed, once each.
    @Test func listsWhenNothingMoreToInsert() {
        #expect(
            Completion.action(line: ":backend", candidates: [":backends", ":backend-x", ":backends"])
                == .list([":backends", ":backend-x"]))
    }

    /// No candidate beeps.
    @Test func noCandidateBeeps() {
        #expect(Completion.action(line: "zz", candidates: []) == .beep)
        #expect(Completion.action(line: "zz", candidates: [""]) == .beep)
    }

    /// A loose match (other case) replaces the typed word, counted in
    /// Unicode scalars as libedit deletes.
    @Test func looseMatchReplacesTheWord() {
        #expect(Completion.action(line: "use OBS", candidates: ["observable"]) == .insert("observable ", replacing: 3))
        #expect(
            Completion.action(line: "é", candidates: ["Éclair", "Écrou"]) == .insert("Éc", replacing: 1))
    }

    /// A shared prefix shorter than the typed word never replaces it.
    @Test func neverShortensTheTypedWord() {
        #expect(
            Completion.action(line: "obse", candidates: ["Observable", "OBSERVATION"])
                == .list(["Observable", "OBSERVATION"]))
    }

    /// The last word is what follows the last blank.
    @Test func lastWord() {
        #expect(Completion.lastWord(of: "orders load 1") == "1")
        #expect(Completion.lastWord(of: "orders ") == "")
        #expect(Completion.lastWord(of: "") == "")
    }

    /// Candidates are laid out down then across within the width.
    @Test func columns() {
        let rows = Completion.columns(["a", "bb", "ccc", "d", "e"], width: 12)
        #expect(rows == ["a    d", "bb   e", "ccc"])
        #expect(Completion.columns(["x"], width: 1) == ["x"])
        #expect(Completion.columns([], width: 80) == [])
    }

    /// Past the limit, the rest are counted.
    @Test func columnsLimit() {
        let rows = Completion.columns((0..<10).map(String.init), width: 80, limit: 4)
        #expect(rows == ["0  1  2  3", "(6 more)"])
    }
}

/// The prompt handed to libedit.
@Suite struct PromptTextTests {
    private let on = "\u{1}\u{1B}[1m\u{1}"
    private let off = "\u{1}\u{1B}[0m\u{1}"

    /// A plain prompt is coloured, and the closing escape comes before the
    /// last character because libedit drops a trailing one.
    @Test func colouredPlainPrompt() {
        #expect(PromptText.render("bindlab> ", color: true) == on + "bindlab>" + off + " ")
    }

    /// Without colour the prompt is the text, escapes removed.
    @Test func noColour() {
        #expect(PromptText.render("bindlab> ", color: false) == "bindlab> ")
        #expect(PromptText.render("\u{1B}[31mred\u{1B}[0m> ", color: false) == "red> ")
    }

    /// The caller's own escapes are kept and fenced, and no house colour is added.
    @Test func callerColoursAreFenced() {
        #expect(
            PromptText.render("\u{1B}[31mred\u{1B}[0m>", color: true)
                == "\u{1}\u{1B}[31m\u{1}red\u{1}\u{1B}[0m\u{1}>")
        #expect(
            PromptText.render("\u{1B}[31mred> \u{1B}[0m", color: true)
                == "\u{1}\u{1B}[31m\u{1}red>\u{1}\u{1B}[0m\u{1} ")
    }

    /// Control characters that would confuse libedit's cursor are dropped.
    @Test func controlCharactersDropped() {
        #expect(PromptText.render("a\u{1}b\u{7}c\r> ", color: false) == "abc> ")
    }

    /// An empty prompt stays empty.
    @Test func emptyPrompt() {
        #expect(PromptText.render("", color: true) == "")
    }
}
