import Testing

@testable import Shell

@Suite struct SessionsMatcherTests {
    /// `[..]` matches any text within a line, none included, at the start, middle or end.
    @Test func anyTextWithinALine() {
        let cases: [(String, String, Bool)] = [
            ("plain", "plain", true),
            ("plain", "plain ", false),
            ("[..]", "", true),
            ("[..]", "anything at all", true),
            ("[1000 ms]", "[1000 ms]", true),
            ("[[..] ms]", "[2500 ms]", true),
            ("[[..] ms]", "[2500 s]", false),
            ("a[..]b[..]c", "abc", true),
            ("a[..]b[..]c", "a-b-c", true),
            ("a[..]b[..]c", "acb", false),
            ("ab[..]ba", "aba", false),  // the start and the end may not overlap
            ("[..][..]", "x", true),
            ("Ünï[..]é", "Ünïcödé", true),
        ]
        for (pattern, line, expected) in cases {
            #expect(SessionMatcher.matches(pattern, line) == expected, "\(pattern) vs \(line)")
        }
    }

    /// A `...` line matches any number of lines, none included, wherever it stands.
    @Test func anyLines() {
        let lines = ["a", "b", "c", "d"]
        let t = Session.Pattern.text
        let any = Session.Pattern.anyLines
        #expect(SessionMatcher.matches([any], []))
        #expect(SessionMatcher.matches([any], lines))
        #expect(SessionMatcher.matches([t("a"), any], lines))
        #expect(SessionMatcher.matches([t("a"), any, t("d")], lines))
        #expect(SessionMatcher.matches([t("a"), t("b"), any, t("c"), t("d")], lines))
        #expect(SessionMatcher.matches([any, t("b"), any, t("d"), any], lines))
        #expect(!SessionMatcher.matches([t("a"), any, t("c")], lines))
        #expect(!SessionMatcher.matches([any, t("x"), any], lines))
        #expect(!SessionMatcher.matches([t("a"), t("b"), t("c")], lines))
        #expect(SessionMatcher.matches([t("[..]"), any, t("[..]")], ["only"]) == false)
    }

    /// A prefixed line is expected from its backends only; others skip it.
    @Test func prefixesSelectBackends() throws {
        let parsed = try session(
            """
            > :screen
            shared
            [a] only a
            [b,c] b or c
            ...
            """, backends: ["a", "b", "c"])
        let block = try #require(parsed.blocks.first)
        #expect(block.matches(["shared", "only a", "more"], for: "a"))
        #expect(!block.matches(["shared", "b or c"], for: "a"))
        #expect(block.matches(["shared", "b or c"], for: "b"))
        #expect(block.matches(["shared", "b or c", "x", "y"], for: "c"))
        #expect(!block.matches(["shared"], for: "c"))
    }

    /// The common pairs found are a longest common subsequence, checked against brute force.
    @Test func commonPairsAreLongest() {
        var seed: UInt64 = 42
        func next(_ bound: Int) -> Int {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((seed >> 33) % UInt64(bound))
        }
        func longest(_ a: [Int], _ b: [Int]) -> Int {
            var table = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
            for i in a.indices.reversed() {
                for j in b.indices.reversed() {
                    table[i][j] = a[i] == b[j] ? table[i + 1][j + 1] + 1 : max(table[i + 1][j], table[i][j + 1])
                }
            }
            return table[0][0]
        }
        for _ in 0..<300 {
            let a = (0..<next(12)).map { _ in next(4) }
            let b = (0..<next(12)).map { _ in next(4) }
            let pairs = LineDiff.commonPairs(a.count, b.count) { a[$0] == b[$1] }
            #expect(pairs.count == longest(a, b), "\(a) \(b)")
            #expect(pairs.allSatisfy { a[$0.0] == b[$0.1] })
            #expect(zip(pairs, pairs.dropFirst()).allSatisfy { $0.0 < $1.0 && $0.1 < $1.1 })
        }
    }

    /// The diff reads like `diff -u`: headers, hunk ranges, three lines of context, no colour unless asked.
    @Test func unifiedDiff() {
        let old = (1...12).map { "line \($0)" }
        var new = old
        new[5] = "line six"
        new.insert("added", at: 11)
        let diff = UnifiedDiff(old: old, new: new)
        #expect(diff.hunks.count == 1)
        #expect(
            diff.render(old: "a (expected)", new: "a (actual)", style: Style(enabled: false)) == [
                "--- a (expected)", "+++ a (actual)", "@@ -3,10 +3,11 @@", " line 3", " line 4", " line 5",
                "-line 6", "+line six", " line 7", " line 8", " line 9", " line 10", " line 11", "+added",
                " line 12",
            ])
        let far = UnifiedDiff(old: old + old, new: ["new first"] + old + old.dropLast())
        #expect(far.hunks.map(\.header) == ["@@ -1,3 +1,4 @@", "@@ -21,4 +22,3 @@"])
        #expect(UnifiedDiff(old: old, new: old).isEmpty)
        let coloured = diff.render(old: "a", new: "b", style: Style(enabled: true))
        #expect(coloured.contains("\u{1B}[31m-line 6\u{1B}[0m"))
        #expect(coloured.contains("\u{1B}[32m+line six\u{1B}[0m"))
    }
}
