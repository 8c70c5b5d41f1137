import Testing

@testable import Shell

@Suite struct TokenizerTests {
    /// Blanks separate words; quotes and backslashes keep blanks inside one word.
    @Test func splitsWordsHonouringQuotesAndEscapes() throws {
        #expect(try Tokenizer.words("orders  rename 3\t\"Rush order\"") == ["orders", "rename", "3", "Rush order"])
        #expect(try Tokenizer.words(#"a 'b "c" d' e\ f"#) == ["a", #"b "c" d"#, "e f"])
        #expect(try Tokenizer.words(#"say "a \"quoted\" word""#) == ["say", #"a "quoted" word"#])
        #expect(try Tokenizer.words("x ''") == ["x", ""])
        #expect(try Tokenizer.words("   ") == [])
    }

    /// A `'` right after a letter or a digit is an apostrophe, so free text works as typed; a quote that opens a word still quotes.
    @Test func apostrophesInWordsAreText() throws {
        #expect(try Tokenizer.words("movies search o'brother") == ["movies", "search", "o'brother"])
        #expect(
            try Tokenizer.words("orders rename 3 Bob's rock'n'roll 90's") == [
                "orders", "rename", "3", "Bob's", "rock'n'roll", "90's",
            ])
        #expect(try Tokenizer.words("orders rename 3 'Rush order'") == ["orders", "rename", "3", "Rush order"])
        #expect(try Tokenizer.words("search \"o'brother\"") == ["search", "o'brother"])
        #expect(try Tokenizer.commands("movies search o'brother; back") == ["movies search o'brother", "back"])
    }

    /// An unbalanced quote or a trailing backslash is an error, not a crash.
    @Test func rejectsUnbalancedInput() {
        #expect(throws: Tokenizer.Failure.unbalancedQuote("\"")) { try Tokenizer.words("movies search \"star") }
        #expect(throws: Tokenizer.Failure.unbalancedQuote("'")) { try Tokenizer.words("a 'b") }
        #expect(throws: Tokenizer.Failure.trailingBackslash) { try Tokenizer.words("a b\\") }
    }

    /// `-c` splits on semicolons outside quotes and drops blank commands.
    @Test func splitsCommandsOnUnquotedSemicolons() throws {
        #expect(
            try Tokenizer.commands("orders load; orders select 3 ;; back") == [
                "orders load", "orders select 3", "back",
            ])
        #expect(try Tokenizer.commands("orders rename 1 'a;b'; back") == ["orders rename 1 'a;b'", "back"])
        #expect(throws: Tokenizer.Failure.unbalancedQuote("'")) { try Tokenizer.commands("a 'b; c") }
    }

    /// A blank escaped at the end of a `-c` command or a typed line is kept as
    /// the last word's (the `commands` fuzz target found it trimmed, which
    /// left a backslash escaping nothing); unescaped blanks around it still go.
    @Test func anEscapedTrailingBlankIsKept() throws {
        let pieces = try Tokenizer.commands("  orders rename 1 x\\ ;orders load \t; a\\\\ ")
        #expect(pieces == ["orders rename 1 x\\ ", "orders load", "a\\\\"])
        #expect(try Tokenizer.words(pieces[0]) == ["orders", "rename", "1", "x "])
        #expect(try Tokenizer.commands(pieces.joined(separator: "; ")) == pieces)
        let resolved = try CommandRegistry.resolve("orders rename 1 x\\ ")
        #expect(resolved?.command.name == "orders")
        #expect(resolved?.arguments == ["rename", "1", "x "])
        #expect(try CommandRegistry.resolve("   # a comment") == nil)
        #expect(try CommandRegistry.resolve(" \t ") == nil)
    }

    /// Pasted garbage of every kind either splits into words made of its own characters, or fails with the one error that says why.
    @Test func survivesGarbage() throws {
        // Control characters and escapes are text: one word of them, kept as typed.
        #expect(try Tokenizer.words("\u{0}\u{7}\u{1B}[A") == ["\u{0}\u{7}\u{1B}[A"])
        #expect(try Tokenizer.commands("\u{0}\u{7}\u{1B}[A") == ["\u{0}\u{7}\u{1B}[A"])
        // A quote after a blank opens a quote that never closes.
        #expect(throws: Tokenizer.Failure.unbalancedQuote("'")) { try Tokenizer.words("💥 ' \" \\") }
        #expect(throws: Tokenizer.Failure.unbalancedQuote("'")) { try Tokenizer.commands("💥 ' \" \\") }
        // An odd number of double quotes leaves the last one open; an even one makes empty words.
        #expect(throws: Tokenizer.Failure.unbalancedQuote("\"")) {
            try Tokenizer.words(String(repeating: "\"", count: 1001))
        }
        #expect(try Tokenizer.words(String(repeating: "\"", count: 1000)) == [""])
        #expect(try Tokenizer.words(String(repeating: "\"\" ", count: 500)) == Array(repeating: "", count: 500))
        // Combining marks stay on their letter, in one word.
        #expect(try Tokenizer.words("a\u{301}\u{301}\u{301}") == ["a\u{301}\u{301}\u{301}"])
        // Whatever splits, splits into the input's own characters, none made up.
        for sample in ["\u{0}\u{7}\u{1B}[A", "a\u{301}\u{301}\u{301}", "x\t\u{200B} y\u{FEFF}", "é'x \\\\ y"] {
            let words = try Tokenizer.words(sample)
            #expect(words.allSatisfy { Set($0).isSubset(of: Set(sample)) }, "\(sample.debugDescription)")
        }
    }
}
