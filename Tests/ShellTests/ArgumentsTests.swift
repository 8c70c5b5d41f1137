import CommandLineOptions
import Testing

@testable import Shell

@Suite struct ArgumentsTests {
    /// Numbers are whole and in range; huge or negative ones are refused with the range.
    @Test func integersAreCheckedAgainstTheirRange() throws {
        #expect(try Arguments.integer("42", "the row", in: 0...99) == 42)
        #expect(try Arguments.integer("1_000", "the count", in: 0...1_000_000) == 1000)
        for bad in ["-1", "100", "3.5", "99999999999999999999999", "", "x"] {
            #expect(throws: ShellError.self) { try Arguments.integer(bad, "the row", in: 0...99) }
        }
        do {
            _ = try Arguments.integer("12345678901234567890", "the count", in: 0...1_000_000)
            Issue.record("a huge number was accepted")
        } catch {
            #expect(error.message.contains("from 0 to 1000000"))
        }
    }

    /// Durations take ms, s, m and h suffixes, and stay within an hour.
    @Test func durationsHaveUnits() throws {
        #expect(try Arguments.duration("250") == 250)
        #expect(try Arguments.duration("250ms") == 250)
        #expect(try Arguments.duration("1.5s") == 1500)
        #expect(try Arguments.duration("2m") == 120_000)
        #expect(try Arguments.duration("1h") == 3_600_000, "the longest, in its own unit")
        #expect(try Arguments.duration("0.5h") == 1_800_000)
        for bad in ["-1s", "2h", "61m", "nan", "inf", "1e300", "s", ""] {
            #expect(throws: ShellError.self) { try Arguments.duration(bad) }
        }
    }

    /// The nearest command is suggested for a typo, and nothing for noise.
    @Test func suggestsTheNearestWord() {
        #expect(Suggestion.nearest(to: "ordrs", in: ["orders", "movies", "back"]) == "orders")
        #expect(Suggestion.nearest(to: ":bac", in: [":backends", ":use"]) == ":backends")
        #expect(Suggestion.nearest(to: "zzzzzzzz", in: ["orders", "movies"]) == nil)
    }

    /// Counting distances only up to what a candidate can accept picks what a
    /// full table of every distance picks, for typos, noise and long words.
    @Test func cappedDistancesSuggestWhatFullOnesDo() {
        let names = CommandRegistry.names
        func reference(_ word: String) -> String? {
            let word = word.lowercased()
            guard !word.isEmpty else { return nil }
            if let prefixed = names.first(where: { $0.hasPrefix(word) }) { return prefixed }
            guard let best = names.map({ ($0, Suggestion.distance(word, $0)) }).min(by: { $0.1 < $1.1 }) else {
                return nil
            }
            return best.1 <= max(2, best.0.count / 3) ? best.0 : nil
        }
        let words = [
            "ordrs", "movis", ":bakends", ":clok", "qiut", "x", "zz", ":", "::", "hlep", ":probee", ":timelin",
            String(repeating: "o", count: 70), ":use" + String(repeating: "e", count: 5), "MOVIES", "m\u{301}ovies",
        ]
        for word in words {
            #expect(Suggestion.nearest(to: word, in: names) == reference(word), "\(word)")
        }
        #expect(Suggestion.distance("kitten", "sitting") == 3)
        #expect(Suggestion.distance("", "abc") == 3)
    }
}
