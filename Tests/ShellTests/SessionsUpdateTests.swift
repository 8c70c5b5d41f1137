import Testing

@testable import Shell

@Suite struct SessionsUpdateTests {
    /// On a file with only inputs, `--update` writes each command's output under it and leaves the rest.
    @Test func updateFillsInOutput() throws {
        let folder = try TemporaryFolder()
        let file = try folder.write("new.session", "# Clock\n> :clock\n\n> :net latency 2s\n")
        let result = runCLI(["check", "--update", file])
        #expect(result.status == 0)
        #expect(result.text == "updated \(file)\n1 passed, 0 failed\n")
        #expect(
            try folder.read("new.session") == """
                # Clock
                > :clock
                0 ms, turn 0, 0 queued
                clock: auto

                > :net latency 2s
                network: latency 2000 ms, failures off

                """)
    }

    /// `--update` keeps narration, layout and the wildcards that still match, and rewrites only what differs.
    @Test func updateKeepsWhatStillMatches() throws {
        let folder = try TemporaryFolder()
        let file = try folder.write(
            "old.session",
            """
            # Keep me.
            > :net latency 2s
            network: latency 9999 ms, failures [..]

            # And me.
            > orders load 3
            [0 ms]
            ...
            [1000 ms]
            ┌─ Orders (3) [..]
            ...


            > :clock
            [..] ms, turn [..]
            clock: auto
            """)
        #expect(runCLI(["check", file]).status == 1)
        #expect(runCLI(["check", "--update", file]).status == 0)
        #expect(
            try folder.read("old.session") == """
                # Keep me.
                > :net latency 2s
                network: latency 2000 ms, failures off

                # And me.
                > orders load 3
                [0 ms]
                ...
                [2000 ms]
                ┌─ Orders (3) [..]
                ...


                > :clock
                [..] ms, turn [..]
                clock: auto
                """)
        // Once updated, updating again changes nothing.
        #expect(runCLI(["check", "--update", file]).text == "1 passed, 0 failed\n")
    }

    /// With several backends, shared lines stay unprefixed, differing ones get their ids, others' lines stay.
    @Test func updateWithSeveralBackendsPrefixesWhatDiffers() throws {
        let parsed = try session("> :screen\nx\ny\n[c] w\n", backends: ["a", "b", "c"])
        let differing = parsed.rewritten(
            expecting: [("a", [["x", "y"]]), ("b", [["x", "z"]])], backends: ["a", "b", "c"])
        #expect(differing == ["> :screen", "x", "[b] z", "[a] y", "[c] w"])
        let shared = parsed.rewritten(
            expecting: [("a", [["x", "q"]]), ("b", [["x", "q"]])], backends: ["a", "b", "c"])
        #expect(shared == ["> :screen", "x", "q", "[c] w"])
        #expect(parsed.rewritten(expecting: [("a", [["x", "y"]])], backends: ["a", "b", "c"]) == nil)
    }

    /// A line every backend but one printed is written with the shorter `[!id] ` prefix, and parses back to the same backends.
    @Test func updateNamesTheBackendsLeftOutWhenShorter() throws {
        let known = ["alpha", "beta", "gamma", "delta"]
        let parsed = try session("> :screen\nold\n", backends: known)
        let printed = ["alpha", "gamma", "delta"].map { ($0, [["x"]]) } + [("beta", [["y"]])]
        let lines = try #require(parsed.rewritten(expecting: printed, backends: known))
        #expect(lines == ["> :screen", "[!beta] x", "[beta] y"])
        let reparsed = try Session.parse(Array(parsed.text(of: lines).utf8), name: "t", backends: known)
        let block = try #require(reparsed.blocks.first)
        #expect(block.expected.map(\.backends) == [["alpha", "gamma", "delta"], ["beta"]])
        #expect(known.allSatisfy { block.matches($0 == "beta" ? ["y"] : ["x"], for: $0) })
    }

    /// A rewrite that drops the line between two `...` joins them, so the file parses back (found by the sessions fuzz target).
    @Test func updateJoinsWildcardsLeftAdjacent() throws {
        let parsed = try session("> x\n...\n[a] mid\n...\n", backends: ["a", "b"])
        let lines = try #require(parsed.rewritten(expecting: [("a", [[]]), ("b", [[]])], backends: ["a", "b"]))
        #expect(lines == ["> x", "..."])
        let reparsed = try Session.parse(Array(parsed.text(of: lines).utf8), name: "t", backends: ["a", "b"])
        #expect(try #require(reparsed.blocks.first).matches([], for: "a"))
        // Where the first `...` stands for fewer backends, the second keeps the others.
        let partial = try session("> x\n[a] ...\n[a] mid\n...\nend\n", backends: ["a", "b", "c"])
        let printed = [("a", [["end"]]), ("b", [["end"]]), ("c", [["end"]])]
        let rewritten = try #require(partial.rewritten(expecting: printed, backends: ["a", "b", "c"]))
        #expect(rewritten == ["> x", "[a] ...", "[!a] ...", "end"])
        _ = try Session.parse(Array(partial.text(of: rewritten).utf8), name: "t", backends: ["a", "b", "c"])
    }

    /// Output that would read as syntax is escaped when written, so the file parses back to the same lines.
    @Test func updateEscapesWhatWouldReadAsSyntax() throws {
        let tricky = ["# hash", "> arrow", "...", "\\ back", "[a] looks prefixed", "[!a] too", "", "  ", ""]
        let parsed = try session("> :screen\n", backends: ["a"])
        let lines = try #require(parsed.rewritten(expecting: [("a", [tricky])], backends: ["a"]))
        let reparsed = try Session.parse(Array(parsed.text(of: lines).utf8), name: "t", backends: ["a"])
        let block = try #require(reparsed.blocks.first)
        #expect(block.expected.map(\.pattern) == tricky.map { .text($0) })
        #expect(block.matches(tricky, for: "a"))
    }

    /// Round trip: a recorded session passes; spoiled, it fails with a diff; updated, it is the recording again.
    @Test func recordCheckUpdateCheck() throws {
        let folder = try TemporaryFolder()
        let file = folder.path + "/recorded.session"
        _ = typed(
            [
                ":net latency 250ms", ":record \(file)", "orders load 3", "# Now one order.", "orders select 1",
                ":record stop",
            ],
            color: true)
        let recorded = try folder.read("recorded.session")
        #expect(runCLI(["check", file]).status == 0)

        try folder.write(
            "recorded.session", recorded.replacingFirst("Details of Order #1", with: "Details of Order #7"))
        let failed = runCLI(["check", file])
        #expect(failed.status == 1)
        #expect(failed.text.contains("\(file):"))
        #expect(failed.text.contains("-│ Details of Order #7"))
        #expect(failed.text.contains("+│ Details of Order #1"))
        #expect(failed.text.hasSuffix("0 passed, 1 failed\n"))

        #expect(runCLI(["check", "--update", file]).status == 0)
        #expect(try folder.read("recorded.session") == recorded)
        #expect(runCLI(["check", file]).status == 0)
    }
}

extension String {
    /// The text with its first `target` replaced.
    func replacingFirst(_ target: String, with replacement: String) -> String {
        guard let range = firstRange(of: target) else { return self }
        var text = self
        text.replaceSubrange(range, with: replacement)
        return text
    }
}
