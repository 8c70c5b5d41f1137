import Testing

@testable import Shell

@Suite struct SessionsParserTests {
    /// Inputs, their expected lines, narration and layout are told apart as the format says.
    @Test func readsBlocksNarrationAndLayout() throws {
        let parsed = try session(
            """
            # Intro
            #
            #no space
            > orders load
            [0 ms]

            [..] ms]

            # Next
            > back
            >
            > :clock

            """)
        #expect(parsed.inputs == ["orders load", "back", "", ":clock"])
        let first = try #require(parsed.blocks.first)
        #expect(first.narration == ["Intro", "", "no space"])
        #expect(first.line == 3)
        // The blank between two expected lines is expected; the one after the last is layout.
        #expect(first.expected.map(\.pattern) == [.text("[0 ms]"), .text(""), .text("[..] ms]")])
        #expect(first.end == 7)
        #expect(parsed.blocks[1].narration == ["Next"])
        #expect(parsed.blocks[2].expected.isEmpty && parsed.blocks[2].narration.isEmpty)
        #expect(parsed.closingNarration.isEmpty)
    }

    /// Backend prefixes, `...` and `\` escapes are read off the line; brackets that are no prefix stay text.
    @Test func readsPrefixesWildcardsAndEscapes() throws {
        let parsed = try session(
            """
            > :screen
            [a] only a
            [a,b] ...
            [b] \\
            \\# not narration
            \\> not input
            \\...
            \\\\backslash
            [1000 ms]
            [..] anything
            [c]
            # closing words
            """, backends: ["a", "b", "c"])
        let expected = try #require(parsed.blocks.first).expected
        #expect(expected.map(\.backends) == [["a"], ["a", "b"], ["b"], nil, nil, nil, nil, nil, nil, ["c"]])
        #expect(
            expected.map(\.pattern) == [
                .text("only a"), .anyLines, .text(""), .text("# not narration"), .text("> not input"),
                .text("..."), .text("\\backslash"), .text("[1000 ms]"), .text("[..] anything"), .text(""),
            ])
        #expect(parsed.closingNarration == ["closing words"])
        #expect(parsed.layout.finalLineBreak == false)
    }

    /// A `[!a] ` prefix stands for every known backend but those named; one that leaves out all of them is an error.
    @Test func excludingPrefixNamesTheOtherBackends() throws {
        let parsed = try session("> :screen\n[!a] not a\n[!a,c] only b\n[!] text\n", backends: ["a", "b", "c"])
        let expected = try #require(parsed.blocks.first).expected
        #expect(expected.map(\.backends) == [["b", "c"], ["b"], nil])
        #expect(expected.map(\.pattern) == [.text("not a"), .text("only b"), .text("[!] text")])
        #expect(
            problems(Array("> :clock\n[!a,b] x\n".utf8), backends: ["a", "b"]) == [
                "bad.session:2: error: the prefix leaves out every backend, so no backend prints the line: remove the line"
            ])
        #expect(
            problems(Array("> :clock\n[!delegat] x\n".utf8), backends: ["delegate", "observable"]) == [
                "bad.session:2: error: unknown backend 'delegat' in the line's prefix; did you mean 'delegate'? (known: delegate, observable)"
            ])
    }

    /// Output before any input is reported with its line, and so is output after narration.
    @Test func outputOutsideABlockIsAnError() {
        let found = problems(Array("stray\n> :clock\nok\n# words\nmore\n".utf8))
        #expect(found.count == 2)
        #expect(found[0].hasPrefix("bad.session:1: error: expected output before any input"))
        #expect(found[1].hasPrefix("bad.session:5: error: expected output after narration"))
    }

    /// A prefix naming no backend is reported with its line and the nearest id.
    @Test func unknownBackendPrefixIsAnError() {
        let found = problems(Array("> :clock\n[delegat] x\n".utf8), backends: ["delegate", "observable"])
        #expect(
            found == [
                "bad.session:2: error: unknown backend 'delegat' in the line's prefix; did you mean 'delegate'? (known: delegate, observable)"
            ])
    }

    /// A `...` right after a `...` that covers the same backends can never match, and is reported.
    @Test func doubledWildcardIsAnError() {
        let found = problems(Array("> :clock\n...\n...\n".utf8))
        #expect(found.count == 1)
        #expect(found[0].hasPrefix("bad.session:3: error: '...' right after '...' can never match anything"))
        // For different backends, or apart, they are fine.
        #expect(problems(Array("> :clock\n[a] ...\n[b] ...\n".utf8), backends: ["a", "b"]).isEmpty)
        #expect(problems(Array("> :clock\n...\nx\n...\n".utf8)).isEmpty)
    }

    /// A NUL byte marks binary content, reported on its line.
    @Test func binaryContentIsAnError() {
        #expect(
            problems(Array("> :clock\nfine\nbin\0ary\n".utf8))
                == ["bad.session:3: error: binary content (a NUL byte): a session is a text file"])
    }

    /// Bytes that are not UTF-8 are reported with their line and place.
    @Test func invalidUTF8IsAnError() {
        #expect(
            problems([0x3E, 0x20, 0x61, 0x0A, 0x62, 0xC3, 0x28, 0x0A])
                == ["bad.session:2: error: not UTF-8 text (byte 0xC3, the line's byte 2): save the file as UTF-8"])
    }

    /// A file that cannot be read is named without a line; a folder is not a session.
    @Test func unreadableFileIsAnError() throws {
        let folder = try TemporaryFolder()
        let missing = #expect(throws: SessionFileError.self) {
            try Session.load(folder.path + "/missing.session", name: "missing.session")
        }
        #expect(missing?.lines == ["missing.session: error: cannot read it: no such file or directory"])
        let directory = #expect(throws: SessionFileError.self) { try Session.load(folder.path, name: "folder") }
        #expect(directory?.lines == ["folder: error: cannot read it: it is a folder"])
    }

    /// A file's byte-order mark, carriage returns and missing last line break survive a rewrite.
    @Test func layoutRoundTrips() throws {
        for text in ["\u{FEFF}> :clock\r\nx\r\n", "> :clock\nx", "# only words\n", ""] {
            let parsed = try Session.parse(Array(text.utf8), name: "t")
            #expect(parsed.text(of: parsed.lines) == text)
        }
    }
}
