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
        #expect(try Tokenizer.words("orders rename 3 Bob's rock'n'roll 90's") == ["orders", "rename", "3", "Bob's", "rock'n'roll", "90's"])
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
        #expect(try Tokenizer.commands("orders load; orders select 3 ;; back") == ["orders load", "orders select 3", "back"])
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

    /// Pasted garbage of every kind tokenizes or fails cleanly.
    @Test func survivesGarbage() {
        let samples = ["\u{0}\u{7}\u{1B}[A", "💥 ' \" \\", String(repeating: "\"", count: 1001), "a\u{301}\u{301}\u{301}"]
        for sample in samples {
            _ = try? Tokenizer.words(sample)
            _ = try? Tokenizer.commands(sample)
        }
    }
}
